//! The tests of `windward::xml` that lived beside its code.

use windward::xml::*;

#[test]
fn parses_nested_elements_text_and_entities() {
    let doc = parse(
        b"\xEF\xBB\xBF<?xml version=\"1.0\"?>\r\n<a x='1' y=\"&lt;&amp;&#65;\"><!-- c --><b>hi &gt;</b><c/></a>",
    )
    .unwrap();
    assert_eq!(doc.name, "a");
    assert_eq!(doc.attr("y"), Some("<&A"));
    assert_eq!(doc.child("b").unwrap().text, "hi >");
    assert_eq!(doc.children.len(), 2);
}

#[test]
fn errors_name_the_line() {
    let e = parse(b"<a>\n<b>\n</a>").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(parse(b"<a x=1/>").is_err());
    assert!(parse(b"<a></a><b/>").is_err());
    assert!(parse(b"").is_err());
    assert!(parse(b"<a x='1' x='2'/>").is_err());
}

#[test]
fn escape_round_trips() {
    let mut s = String::new();
    escape("a<b>&\"c'", &mut s);
    let doc = parse(format!("<a v=\"{s}\">{s}</a>").as_bytes()).unwrap();
    assert_eq!(doc.attr("v"), Some("a<b>&\"c'"));
    assert_eq!(doc.text, "a<b>&\"c'");
}
