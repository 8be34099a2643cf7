//! Serde for fixed arrays longer than 32 (as sequences).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub(crate) fn serialize<S: Serializer, T: Serialize, const N: usize>(
    array: &[T; N],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    array.as_slice().serialize(serializer)
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
    deserializer: D,
) -> Result<[T; N], D::Error> {
    let items = Vec::<T>::deserialize(deserializer)?;
    let found = items.len();
    items
        .try_into()
        .map_err(|_| D::Error::invalid_length(found, &"a fixed-size array"))
}
