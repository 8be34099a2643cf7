//! A small, exact XML reader for the two XML dialects of Windwardopolis: map files and client
//! messages. Both use only elements, attributes, text, the XML declaration, comments and the five
//! predefined entities plus character references, so a hand-written reader of ~200 lines is simpler
//! than adapting a general one, reports the line of every problem, and never panics on any bytes.
//! Writing is done by the callers with [`escape`], so the output is byte for byte what the original
//! .NET writers produce.

use std::borrow::Cow;

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

/// An attribute as read: name and (unescaped) value, borrowed from the input where possible.
pub type Attr<'a> = (&'a str, Cow<'a, str>);

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
        while let Some(c @ (b' ' | b'\t' | b'\r' | b'\n')) = self.peek() {
            if c == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    fn skip_until(&mut self, pat: &[u8], what: &str) -> Result<(), XmlError> {
        while !self.starts_with(pat) {
            if self.bump().is_none() {
                return self.err(format!("unterminated {what}"));
            }
        }
        self.pos += pat.len();
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

    fn name(&mut self) -> Result<&'a str, XmlError> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b':') || c >= 0x80 {
                self.pos += 1;
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

    fn utf8(&self, a: usize, b: usize) -> Result<&'a str, XmlError> {
        match core::str::from_utf8(&self.s[a..b]) {
            Ok(s) => Ok(s),
            Err(_) => self.err("invalid UTF-8"),
        }
    }

    fn unescape(&self, raw: &'a str) -> Result<Cow<'a, str>, XmlError> {
        if !raw.contains('&') {
            return Ok(Cow::Borrowed(raw));
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
        Ok(Cow::Owned(out))
    }

    /// Parses a start tag after `<` into `attrs`; returns its name, line and whether it was
    /// self-closing.
    fn start_tag(&mut self, attrs: &mut Vec<Attr<'a>>) -> Result<(&'a str, usize, bool), XmlError> {
        let line = self.line;
        let name = self.name()?;
        attrs.clear();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'/') => {
                    self.pos += 1;
                    if self.bump() != Some(b'>') {
                        return self.err("expected '>' after '/'");
                    }
                    return Ok((name, line, true));
                }
                Some(b'>') => {
                    self.pos += 1;
                    return Ok((name, line, false));
                }
                None => return self.err(format!("unterminated start tag <{name}>")),
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
                            return self
                                .err(format!("expected a quoted value for attribute {key}"));
                        }
                    };
                    let start = self.pos;
                    while self.peek() != Some(quote) {
                        if self.bump().is_none() {
                            return self.err(format!("unterminated value of attribute {key}"));
                        }
                    }
                    let raw = self.utf8(start, self.pos)?;
                    self.pos += 1;
                    if attrs.iter().any(|(k, _)| *k == key) {
                        return self.err(format!("duplicate attribute {key}"));
                    }
                    let value = self.unescape(raw)?;
                    attrs.push((key, value));
                }
            }
        }
    }
}

/// What [`scan`] reports.
pub enum Item<'s, 'a> {
    /// A start tag at `depth` (0 for the root), with its attributes.
    Start {
        /// Nesting depth, 0 for the root.
        depth: usize,
        /// The tag name.
        name: &'a str,
        /// The attributes.
        attrs: &'s [Attr<'a>],
        /// 1-based line of the tag.
        line: usize,
    },
    /// Text directly inside the element at `depth` (unescaped; may come in pieces).
    Text {
        /// Depth of the enclosing element.
        depth: usize,
        /// The text.
        text: Cow<'a, str>,
    },
    /// The end of the element at `depth` (also sent for self-closing tags).
    End {
        /// Nesting depth.
        depth: usize,
    },
}

/// Reads a whole document (optional UTF-8 BOM, declaration, comments) and reports its elements and
/// text in document order, without building a tree. `f` may stop the scan with an error of its own.
pub fn scan<'a, E: From<XmlError>>(
    input: &'a [u8],
    mut f: impl FnMut(Item<'_, 'a>) -> Result<(), E>,
) -> Result<(), E> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut r = Reader {
        s: input,
        pos: 0,
        line: 1,
    };
    let mut attrs: Vec<Attr<'a>> = Vec::with_capacity(8);
    let mut stack: Vec<&'a str> = Vec::with_capacity(8);
    r.skip_misc()?;
    if r.bump() != Some(b'<') {
        return Err(r.err::<()>("expected the root element").unwrap_err().into());
    }
    let (root, line, closed) = r.start_tag(&mut attrs)?;
    f(Item::Start {
        depth: 0,
        name: root,
        attrs: &attrs,
        line,
    })?;
    if closed {
        f(Item::End { depth: 0 })?;
    } else {
        stack.push(root);
        while !stack.is_empty() {
            let depth = stack.len() - 1;
            // Text up to the next '<'.
            let start = r.pos;
            while !matches!(r.peek(), Some(b'<') | None) {
                r.bump();
            }
            if r.pos > start {
                let raw = r.utf8(start, r.pos)?;
                if !raw
                    .bytes()
                    .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                {
                    f(Item::Text {
                        depth,
                        text: r.unescape(raw)?,
                    })?;
                } else if !raw.is_empty() {
                    f(Item::Text {
                        depth,
                        text: Cow::Borrowed(raw),
                    })?;
                }
            }
            if r.peek().is_none() {
                let open = stack.last().copied().unwrap_or("");
                return Err(r
                    .err::<()>(format!("unclosed element <{open}>"))
                    .unwrap_err()
                    .into());
            }
            if r.starts_with(b"<!--") {
                r.skip_until(b"-->", "comment")?;
                continue;
            }
            if r.starts_with(b"<![CDATA[") {
                r.pos += 9;
                let start = r.pos;
                while !r.starts_with(b"]]>") {
                    if r.bump().is_none() {
                        return Err(r.err::<()>("unterminated CDATA").unwrap_err().into());
                    }
                }
                let text = r.utf8(start, r.pos)?;
                r.pos += 3;
                f(Item::Text {
                    depth,
                    text: Cow::Borrowed(text),
                })?;
                continue;
            }
            if r.starts_with(b"<?") {
                r.skip_until(b"?>", "processing instruction")?;
                continue;
            }
            r.pos += 1;
            if r.peek() == Some(b'/') {
                r.pos += 1;
                let name = r.name()?;
                r.skip_ws();
                if r.bump() != Some(b'>') {
                    return Err(r
                        .err::<()>(format!("expected '>' to end </{name}"))
                        .unwrap_err()
                        .into());
                }
                let open = stack.pop().unwrap_or("");
                if open != name {
                    return Err(r
                        .err::<()>(format!("</{name}> closes <{open}>"))
                        .unwrap_err()
                        .into());
                }
                f(Item::End { depth: stack.len() })?;
            } else {
                let (name, line, closed) = r.start_tag(&mut attrs)?;
                let depth = stack.len();
                f(Item::Start {
                    depth,
                    name,
                    attrs: &attrs,
                    line,
                })?;
                if closed {
                    f(Item::End { depth })?;
                } else {
                    if stack.len() >= MAX_DEPTH {
                        return Err(r
                            .err::<()>("elements nested too deeply")
                            .unwrap_err()
                            .into());
                    }
                    stack.push(name);
                }
            }
        }
    }
    r.skip_misc()?;
    if r.peek().is_some() {
        return Err(r
            .err::<()>("content after the root element")
            .unwrap_err()
            .into());
    }
    Ok(())
}

/// Parses a whole document into its root element (text that is only whitespace is dropped).
pub fn parse(input: &[u8]) -> Result<Element, XmlError> {
    let mut stack: Vec<Element> = Vec::new();
    let mut root = None;
    scan::<XmlError>(input, |item| {
        match item {
            Item::Start {
                name, attrs, line, ..
            } => stack.push(Element {
                name: name.to_string(),
                attrs: attrs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                children: Vec::new(),
                text: String::new(),
                line,
            }),
            Item::Text { text, .. } => {
                if let Some(top) = stack.last_mut()
                    && !text
                        .bytes()
                        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                {
                    top.text.push_str(&text);
                }
            }
            Item::End { .. } => {
                if let Some(done) = stack.pop() {
                    match stack.last_mut() {
                        Some(parent) => parent.children.push(done),
                        None => root = Some(done),
                    }
                }
            }
        }
        Ok(())
    })?;
    root.ok_or(XmlError {
        line: 1,
        reason: "no root element".to_string(),
    })
}
