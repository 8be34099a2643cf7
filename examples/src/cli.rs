//! A small argument reader shared by every game's part of the `play` command.
//!
//! Arguments are `--name value` pairs, bare `--flag`s and positional words, in any order:
//! `play dogfight --bots search,random --games 1000 --seed 7`.

use std::collections::BTreeMap;
use std::str::FromStr;

/// The parsed arguments of one `play` sub-command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    options: BTreeMap<String, Option<String>>,
    positional: Vec<String>,
}

impl Args {
    /// Parses `--name value`, `--name=value`, `--flag` and positional words.
    ///
    /// A `--name` followed by another `--word` (or by nothing) is a flag.
    pub fn parse<I, S>(words: I) -> Args
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let words: Vec<String> = words.into_iter().map(Into::into).collect();
        let mut args = Args::default();
        let mut i = 0;
        while i < words.len() {
            let word = &words[i];
            if let Some(name) = word.strip_prefix("--") {
                if let Some((name, value)) = name.split_once('=') {
                    args.options.insert(name.to_owned(), Some(value.to_owned()));
                } else if i + 1 < words.len() && !words[i + 1].starts_with("--") {
                    args.options
                        .insert(name.to_owned(), Some(words[i + 1].clone()));
                    i += 1;
                } else {
                    args.options.insert(name.to_owned(), None);
                }
            } else {
                args.positional.push(word.clone());
            }
            i += 1;
        }
        args
    }

    /// The positional words, in order.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// Whether `--name` was given (with or without a value).
    pub fn flag(&self, name: &str) -> bool {
        self.options.contains_key(name)
    }

    /// The text of `--name value`, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.options.get(name).and_then(|v| v.as_deref())
    }

    /// `--name value` parsed as `T`, or `default` when absent; an unparsable value is an error
    /// that names the option and the value.
    pub fn value<T: FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.options.get(name) {
            None => Ok(default),
            Some(None) => Err(format!("--{name} needs a value")),
            Some(Some(text)) => text
                .parse()
                .map_err(|_| format!("--{name}: cannot read {text:?}")),
        }
    }

    /// `--name a,b,c` split at commas, or `default` when absent.
    pub fn list(&self, name: &str, default: &[&str]) -> Vec<String> {
        match self.text(name) {
            Some(text) => text.split(',').map(|s| s.trim().to_owned()).collect(),
            None => default.iter().map(|s| (*s).to_owned()).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_flags_and_positionals() {
        let args = Args::parse(["a.jsonl", "--games", "10", "--fast", "--bots=x,y", "b"]);
        assert_eq!(args.positional(), ["a.jsonl", "b"]);
        assert_eq!(args.value("games", 1u32), Ok(10));
        assert!(args.flag("fast"));
        assert_eq!(args.text("fast"), None);
        assert_eq!(args.list("bots", &["r"]), ["x", "y"]);
        assert_eq!(args.list("other", &["r"]), ["r"]);
        assert_eq!(args.value("seed", 3u64), Ok(3));
        assert!(args.value("games", 0u8).is_ok());
        assert!(
            Args::parse(["--games", "many"])
                .value("games", 0u32)
                .is_err()
        );
        assert!(Args::parse(["--games"]).value("games", 0u32).is_err());
    }
}
