//! The tests of `windward::protocol::write` that lived beside its code.

use windward::internals::protocol::write::float_text;

#[test]
fn floats_as_dotnet_round_trip_format_writes_them() {
    assert_eq!(float_text(1.0 / 70.0), "0.0142857144");
    assert_eq!(float_text(4.3), "4.3");
    assert_eq!(float_text(2.0), "2");
    assert_eq!(float_text(120.0), "120");
    assert_eq!(float_text(-1.5), "-1.5");
    assert_eq!(float_text(1e-5), "1E-05");
    assert_eq!(float_text(0.0001), "0.0001");
    assert_eq!(float_text(12_345_678.0), "12345678");
    assert_eq!(float_text(1.234_567_8e9), "1.23456781E+09");
    assert_eq!(float_text(f32::NAN), "NaN");
    assert_eq!(float_text(f32::NEG_INFINITY), "-INF");
    for v in [0.1f32, 1.0 / 3.0, 0.15625, 7.7, 1e-7, 3.4e38] {
        assert_eq!(float_text(v).parse::<f32>(), Ok(v), "{v}");
    }
}
