//! A small, exact XML reader for the two XML dialects of Windwardopolis: map files and client
//! messages. Both use only elements, attributes, text, the XML declaration, comments and the five
//! predefined entities plus character references, so a hand-written reader of ~200 lines is simpler
//! than adapting a general one, reports the line of every problem, and never panics on any bytes.
//! Writing is done by the callers with [`escape`], so the output is byte for byte what the original
//! .NET writers produce.

use thiserror::Error;

/// A malformed XML document: the 1-based line and what was wrong there.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct XmlError {
    /// 1-based line of the problem.
    pub line: usize,
    /// What was wrong.
    pub reason: String,
}

/// One element of a parsed document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Element {
    /// The tag name.
    pub name: String,
    /// Attributes in document order (values unescaped).
    pub attrs: Vec<(String, String)>,
    /// Child elements in document order.
    pub children: Vec<Element>,
    /// The concatenated text directly inside this element (unescaped, whitespace kept).
    pub text: String,
    /// 1-based line of the start tag.
    pub line: usize,
}

impl Element {
    /// The value of attribute `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first child element named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// All child elements named `name`.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }
}

/// Escapes text for an attribute value or element text the way .NET's `XmlWriter` does
/// (`&`, `<`, `>`, `"`).
pub fn escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
    line: usize,
}

const MAX_DEPTH: usize = 64;

impl<'a> Reader<'a> {
    fn err<T>(&self, reason: impl Into<String>) -> Result<T, XmlError> {
        Err(XmlError {
            line: self.line,
            reason: reason.into(),
        })
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        if c == b'\n' {
            self.line += 1;
        }
        self.pos += 1;
        Some(c)
    }

    fn starts_with(&self, pat: &[u8]) -> bool {
        self.s[self.pos..].starts_with(pat)
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.bump();
        }
    }

    fn skip_until(&mut self, pat: &[u8], what: &str) -> Result<(), XmlError> {
        while !self.starts_with(pat) {
            if self.bump().is_none() {
                return self.err(format!("unterminated {what}"));
            }
        }
        for _ in 0..pat.len() {
            self.bump();
        }
        Ok(())
    }

    /// Skips whitespace, comments, processing instructions and a doctype.
    fn skip_misc(&mut self) -> Result<(), XmlError> {
        loop {
            self.skip_ws();
            if self.starts_with(b"<?") {
                self.skip_until(b"?>", "processing instruction")?;
            } else if self.starts_with(b"<!--") {
                self.skip_until(b"-->", "comment")?;
            } else if self.starts_with(b"<!") {
                self.skip_until(b">", "declaration")?;
            } else {
                return Ok(());
            }
        }
    }

    fn name(&mut self) -> Result<String, XmlError> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b':') || c >= 0x80 {
                self.bump();
            } else {
                break;
            }
        }
        if self.pos == start {
            return self.err(match self.peek() {
                Some(c) => format!("expected a name, found {:?}", c as char),
                None => "expected a name, found the end".to_string(),
            });
        }
        self.utf8(start, self.pos)
    }

    fn utf8(&self, a: usize, b: usize) -> Result<String, XmlError> {
        match core::str::from_utf8(&self.s[a..b]) {
            Ok(s) => Ok(s.to_string()),
            Err(_) => self.err("invalid UTF-8"),
        }
    }

    fn unescape(&self, raw: &str) -> Result<String, XmlError> {
        if !raw.contains('&') {
            return Ok(raw.to_string());
        }
        let mut out = String::with_capacity(raw.len());
        let mut rest = raw;
        while let Some(i) = rest.find('&') {
            out.push_str(&rest[..i]);
            rest = &rest[i + 1..];
            let Some(end) = rest.find(';') else {
                return self.err("unterminated entity");
            };
            let ent = &rest[..end];
            let c = match ent {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                _ => {
                    let code = if let Some(h) = ent.strip_prefix("#x") {
                        u32::from_str_radix(h, 16).ok()
                    } else if let Some(d) = ent.strip_prefix('#') {
                        d.parse::<u32>().ok()
                    } else {
                        None
                    };
                    match code.and_then(char::from_u32) {
                        Some(c) => c,
                        None => return self.err(format!("unknown entity &{ent};")),
                    }
                }
            };
            out.push(c);
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    /// Parses a start tag after `<`; returns the element and whether it was self-closing.
    fn start_tag(&mut self) -> Result<(Element, bool), XmlError> {
        let line = self.line;
        let name = self.name()?;
        let mut el = Element {
            name,
            line,
            ..Element::default()
        };
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'/') => {
                    self.bump();
                    if self.bump() != Some(b'>') {
                        return self.err("expected '>' after '/'");
                    }
                    return Ok((el, true));
                }
                Some(b'>') => {
                    self.bump();
                    return Ok((el, false));
                }
                None => return self.err(format!("unterminated start tag <{}>", el.name)),
                _ => {
                    let key = self.name()?;
                    self.skip_ws();
                    if self.bump() != Some(b'=') {
                        return self.err(format!("expected '=' after attribute {key}"));
                    }
                    self.skip_ws();
                    let quote = match self.bump() {
                        Some(q @ (b'"' | b'\'')) => q,
                        _ => {
                            return self.err(format!("expected a quoted value for attribute {key}"));
                        }
                    };
                    let start = self.pos;
                    while self.peek() != Some(quote) {
                        if self.bump().is_none() {
                            return self.err(format!("unterminated value of attribute {key}"));
                        }
                    }
                    let raw = self.utf8(start, self.pos)?;
                    self.bump();
                    if el.attrs.iter().any(|(k, _)| *k == key) {
                        return self.err(format!("duplicate attribute {key}"));
                    }
                    let value = self.unescape(&raw)?;
                    el.attrs.push((key, value));
                }
            }
        }
    }
}

/// Parses a whole document (optional UTF-8 BOM, declaration, comments) into its root element.
pub fn parse(input: &[u8]) -> Result<Element, XmlError> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut r = Reader {
        s: input,
        pos: 0,
        line: 1,
    };
    r.skip_misc()?;
    if r.bump() != Some(b'<') {
        return r.err("expected the root element");
    }
    let (root, closed) = r.start_tag()?;
    let mut stack: Vec<Element> = vec![root];
    if !closed {
        loop {
            // Text up to the next '<'.
            let start = r.pos;
            while !matches!(r.peek(), Some(b'<') | None) {
                r.bump();
            }
            if r.pos > start {
                let raw = r.utf8(start, r.pos)?;
                let text = r.unescape(&raw)?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&text);
                }
            }
            if r.peek().is_none() {
                return r.err(format!(
                    "unclosed element <{}>",
                    stack.last().map_or("", |e| &e.name)
                ));
            }
            if r.starts_with(b"<!--") {
                r.skip_until(b"-->", "comment")?;
                continue;
            }
            if r.starts_with(b"<![CDATA[") {
                for _ in 0..9 {
                    r.bump();
                }
                let start = r.pos;
                while !r.starts_with(b"]]>") {
                    if r.bump().is_none() {
                        return r.err("unterminated CDATA");
                    }
                }
                let text = r.utf8(start, r.pos)?;
                r.skip_until(b"]]>", "CDATA")?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&text);
                }
                continue;
            }
            if r.starts_with(b"<?") {
                r.skip_until(b"?>", "processing instruction")?;
                continue;
            }
            r.bump();
            if r.peek() == Some(b'/') {
                r.bump();
                let name = r.name()?;
                r.skip_ws();
                if r.bump() != Some(b'>') {
                    return r.err(format!("expected '>' to end </{name}"));
                }
                let Some(done) = stack.pop() else {
                    return r.err("unbalanced end tag");
                };
                if done.name != name {
                    return r.err(format!("</{name}> closes <{}>", done.name));
                }
                match stack.last_mut() {
                    Some(parent) => parent.children.push(done),
                    None => {
                        stack.push(done);
                        break;
                    }
                }
            } else {
                let (el, closed) = r.start_tag()?;
                if closed {
                    if let Some(top) = stack.last_mut() {
                        top.children.push(el);
                    }
                } else {
                    if stack.len() >= MAX_DEPTH {
                        return r.err("elements nested too deeply");
                    }
                    stack.push(el);
                }
            }
        }
    }
    r.skip_misc()?;
    if r.peek().is_some() {
        return r.err("content after the root element");
    }
    stack.pop().map_or_else(|| r.err("no root element"), Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
