//! Clouds, players and the small value types they are made of.
//!
//! Every number is an `f32`, as in the original (`core/position.go:4-7`, `core/velocity.go:8-11`,
//! `core/cloud.go:15-23`). The few steps the original computes in `f64` are marked where they occur.

use std::fmt;

/// A pair of `f32`: a position in pixels or a velocity in pixels per ten iterations.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec2 {
    /// Horizontal component (grows to the right).
    pub x: f32,
    /// Vertical component (grows downwards).
    pub y: f32,
}

impl Vec2 {
    /// A vector from its two components.
    pub const fn new(x: f32, y: f32) -> Vec2 {
        Vec2 { x, y }
    }

    /// Whether both components are finite.
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// The bits of both components (for exact comparisons and hashes).
    pub fn to_bits(self) -> [u32; 2] {
        [self.x.to_bits(), self.y.to_bits()]
    }
}

/// The index of a player in [`State::players`](crate::State::players).
///
/// Each player owns exactly one cloud (its thunderstorm) for the whole game, even after it dies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The position in the player list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player #{}", self.0)
    }
}

/// The colour a player picked with the `type` command (`remote/server.go`); `red` by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// `blue`
    Blue,
    /// `gray`
    Gray,
    /// `orange`
    Orange,
    /// `purple`
    Purple,
    /// `red` (the server's default)
    #[default]
    Red,
}

impl Color {
    /// The five colours, in the order the server's error message lists them.
    pub const ALL: [Color; 5] = [
        Color::Blue,
        Color::Gray,
        Color::Orange,
        Color::Purple,
        Color::Red,
    ];

    /// The lower-case name used on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Gray => "gray",
            Color::Orange => "orange",
            Color::Purple => "purple",
            Color::Red => "red",
        }
    }

    /// The colour with this exact (lower-case) wire name.
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A player: the name its client sent with `name` and the colour it sent with `type`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    /// The player's name (`Player` in the `list` JSON).
    pub name: String,
    /// The player's colour.
    pub color: Color,
}

/// A cloud's `UID` in the `list` JSON: 8 characters (the original prints 6 random bytes in base64).
///
/// Ours are drawn from the state's seeded generator, so they are deterministic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Uid(pub [u8; 8]);

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

impl Uid {
    /// The base64 text of 6 bytes, as the original makes UIDs (`core/world.go:283-293`).
    pub fn from_random_bytes(bytes: [u8; 6]) -> Uid {
        let bits = bytes.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        let mut text = [0u8; 8];
        for (i, slot) in text.iter_mut().enumerate() {
            *slot = BASE64[((bits >> (42 - 6 * i)) & 63) as usize];
        }
        Uid(text)
    }

    /// Reads an 8-byte UID; `None` for any other length.
    pub fn from_text(text: &str) -> Option<Uid> {
        let bytes: [u8; 8] = text.as_bytes().try_into().ok()?;
        Some(Uid(bytes))
    }

    /// The UID's text.
    pub fn as_str(&self) -> &str {
        // Built only from base64 characters or from an 8-byte `&str` slice, but an 8-byte
        // slice of a `&str` may cut a character: fall back to an empty string then.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

impl fmt::Display for Uid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One cloud: a thunderstorm (owned by a player) or a raincloud (`owner == None`).
///
/// The original has one type for both: a cloud is a raincloud iff its `Player` is `""`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cloud {
    /// The centre.
    pub pos: Vec2,
    /// The velocity; a cloud moves by `vel * 0.1` per iteration.
    pub vel: Vec2,
    /// The vapor (mass); the radius is its square root.
    pub vapor: f32,
    /// The owning player, or `None` for a raincloud.
    pub owner: Option<PlayerId>,
    /// The `UID` shown in the `list` JSON.
    pub uid: Uid,
}

impl Cloud {
    /// A raincloud (no owner) with a blank UID.
    pub fn raincloud(pos: Vec2, vel: Vec2, vapor: f32) -> Cloud {
        Cloud {
            pos,
            vel,
            vapor,
            owner: None,
            uid: Uid::default(),
        }
    }

    /// `Radius() = f32(sqrt_f64(f64(vapor)))` (`core/cloud.go:41-43`). A correctly rounded `f32`
    /// square root gives the same bits, and it is what we compute.
    #[inline]
    pub fn radius(&self) -> f32 {
        self.vapor.sqrt()
    }

    /// `IsDeath() = vapor < 1` (`core/cloud.go:46-48`); NaN vapor counts as alive.
    #[inline]
    pub fn is_dead(&self) -> bool {
        self.vapor < 1.0
    }

    /// Whether this is a raincloud (no owner).
    pub fn is_raincloud(&self) -> bool {
        self.owner.is_none()
    }

    /// Whether the circles overlap, exactly as `core/cloud.go:51-55` computes it: the squared
    /// distance summed in `f32`, its square root (an `f64` sqrt rounded to `f32`, the same bits as
    /// an `f32` sqrt), and a **strict** comparison with the sum of the radii: touching circles
    /// do not overlap.
    #[inline]
    pub fn intersects(&self, other: &Cloud) -> bool {
        let dx = other.pos.x - self.pos.x;
        let dy = other.pos.y - self.pos.y;
        let d = (dx * dx + dy * dy).sqrt();
        d < other.radius() + self.radius()
    }

    /// The five `f32` this crate's (and the golden traces') state hash covers, in order:
    /// `pos.x, pos.y, vel.x, vel.y, vapor`.
    pub fn float_bits(&self) -> [u32; 5] {
        [
            self.pos.x.to_bits(),
            self.pos.y.to_bits(),
            self.vel.x.to_bits(),
            self.vel.y.to_bits(),
            self.vapor.to_bits(),
        ]
    }
}
