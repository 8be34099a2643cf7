//! Headless Chromium for the viewer tests: load a page, dump its DOM (and take a screenshot), read the
//! attributes the viewer exposes, and check that a PNG is not blank.
//!
//! Without `/usr/bin/chromium` (or `$CHROMIUM`), [`Browser::find`] prints one line saying the test
//! was skipped, unless the environment variable `CI` is set: then it panics, so CI cannot pass
//! without running the browser.

#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Chromium is killed after this long: a generous bound for a busy 2-core machine.
const TIME_LIMIT: Duration = Duration::from_secs(180);

/// A Chromium binary to run headless.
pub struct Browser {
    binary: PathBuf,
}

/// A fresh directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("viewer-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Browser {
    /// The browser, or `None` (after printing why) when there is none outside CI.
    pub fn find(test: &str) -> Option<Browser> {
        let binary = std::env::var_os("CHROMIUM")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
        if binary.exists() {
            return Some(Browser { binary });
        }
        if std::env::var_os("CI").is_some() {
            panic!(
                "{test}: {} not found and CI is set: the browser tests must run in CI",
                binary.display()
            );
        }
        println!(
            "{test}: skipped: {} not found (install Debian's chromium to run it)",
            binary.display()
        );
        None
    }

    /// Runs Chromium headless on `url` with `extra` arguments; returns its standard output.
    fn run(&self, url: &str, extra: &[String]) -> String {
        let profile = TempDir::new("profile");
        let mut command = Command::new(&self.binary);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--virtual-time-budget=5000",
            ])
            .arg(format!("--user-data-dir={}", profile.0.display()))
            .args(extra)
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("chromium starts");
        let mut stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let out = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            text
        });
        let err = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > TIME_LIMIT {
                let _ = child.kill();
                let _ = child.wait();
                panic!("chromium on {url}: still running after {TIME_LIMIT:?}, killed");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let out = out.join().unwrap();
        let err = err.join().unwrap();
        assert!(status.success(), "chromium on {url}: {status}\n{err}");
        out
    }

    /// The DOM of `page` (opened at `fragment`, e.g. `#step=3`) after its script ran.
    pub fn dump_dom(&self, page: &Path, fragment: &str) -> String {
        let url = format!("{}{fragment}", file_url(page));
        let dom = self.run(&url, &["--dump-dom".into()]);
        assert!(
            dom.contains("id=\"viewer\""),
            "no viewer in the DOM of {url}:\n{dom:.2000}"
        );
        dom
    }

    /// The DOM of `page` at `fragment` and a `width` x `height` PNG screenshot of it, written to
    /// `png`, from one Chromium run: each run costs a browser start, most of a viewer test.
    pub fn dump_dom_and_screenshot(
        &self,
        page: &Path,
        fragment: &str,
        png: &Path,
        width: u32,
        height: u32,
    ) -> String {
        let url = format!("{}{fragment}", file_url(page));
        let dom = self.run(
            &url,
            &[
                "--dump-dom".into(),
                format!("--screenshot={}", png.display()),
                format!("--window-size={width},{height}"),
            ],
        );
        assert!(
            dom.contains("id=\"viewer\""),
            "no viewer in the DOM of {url}:\n{dom:.2000}"
        );
        assert!(png.exists(), "no screenshot of {url}");
        dom
    }
}

fn file_url(page: &Path) -> String {
    let page = page.canonicalize().unwrap();
    format!("file://{}", page.display())
}

/// The attributes of the first element whose tag starts with `<TAG id="ID"`, in the serialized
/// DOM, HTML entities decoded.
pub fn attributes(dom: &str, tag: &str, id: &str) -> Vec<(String, String)> {
    let opening = format!("<{tag} ");
    let mut from = 0;
    while let Some(at) = dom[from..].find(&opening) {
        let start = from + at + opening.len();
        let attrs = parse_attributes(&dom[start..]);
        if attrs.iter().any(|(k, v)| k == "id" && v == id) {
            return attrs;
        }
        from = start;
    }
    panic!("no <{tag} id={id:?}> in the DOM");
}

fn parse_attributes(text: &str) -> Vec<(String, String)> {
    let mut attrs = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if rest.starts_with('>') || rest.starts_with("/>") || rest.is_empty() {
            return attrs;
        }
        let end = rest
            .find(|c: char| c == '=' || c == '>' || c.is_whitespace())
            .unwrap_or(rest.len());
        let name = rest[..end].to_owned();
        rest = &rest[end..];
        if let Some(after) = rest.strip_prefix("=\"") {
            let close = after.find('"').expect("a closed attribute value");
            attrs.push((name, unescape(&after[..close])));
            rest = &after[close + 1..];
        } else {
            attrs.push((name, String::new()));
        }
    }
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// One attribute of `#viewer`.
pub fn viewer_attribute(dom: &str, name: &str) -> String {
    attributes(dom, "div", "viewer")
        .into_iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("#viewer has no {name}"))
}

/// A JSON array of numbers (`null` for a missing score) as f64s (NaN for null).
pub fn numbers(json: &str) -> Vec<f64> {
    let values: Vec<Option<f64>> =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
    values.into_iter().map(|v| v.unwrap_or(f64::NAN)).collect()
}

/// Asserts the page ran its script without error.
pub fn assert_ran_cleanly(dom: &str) {
    assert_eq!(viewer_attribute(dom, "data-error"), "", "script error");
    assert_eq!(
        viewer_attribute(dom, "data-ready"),
        "1",
        "the script did not finish"
    );
}

/// Asserts two score lists are equal (as the page prints them through JSON).
pub fn assert_scores(page: &[f64], engine: &[f64], what: &str) {
    assert_eq!(page.len(), engine.len(), "{what}: {page:?} vs {engine:?}");
    for (p, e) in page.iter().zip(engine) {
        assert!(
            (p - e).abs() <= 1e-9 * e.abs().max(1.0) || (p.is_nan() && !e.is_finite()),
            "{what}: page {page:?}, engine {engine:?}"
        );
    }
}

/// Decodes an 8-bit RGB(A) PNG (no interlace) into its pixels, as (width, height, RGBA bytes).
pub fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<[u8; 4]>) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let mut at = 8;
    let (mut width, mut height, mut color, mut idat) = (0, 0, 0, Vec::new());
    while at + 8 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let kind = &bytes[at + 4..at + 8];
        let data = &bytes[at + 8..at + 8 + len];
        match kind {
            b"IHDR" => {
                width = u32::from_be_bytes(data[0..4].try_into().unwrap());
                height = u32::from_be_bytes(data[4..8].try_into().unwrap());
                assert_eq!(data[8], 8, "bit depth");
                color = data[9];
                assert_eq!(data[12], 0, "interlaced");
            }
            b"IDAT" => idat.extend_from_slice(data),
            b"IEND" => break,
            _ => {}
        }
        at += 12 + len;
    }
    let channels = match color {
        2 => 3,
        6 => 4,
        other => panic!("PNG colour type {other}"),
    };
    let mut raw = Vec::new();
    flate2::read::ZlibDecoder::new(&idat[..])
        .read_to_end(&mut raw)
        .unwrap();
    let stride = width as usize * channels;
    assert_eq!(raw.len(), (stride + 1) * height as usize, "PNG data size");
    let mut pixels = Vec::with_capacity((width * height) as usize);
    let mut previous = vec![0u8; stride];
    let mut line = vec![0u8; stride];
    for row in raw.chunks_exact(stride + 1) {
        let filter = row[0];
        for i in 0..stride {
            let a = if i >= channels { line[i - channels] } else { 0 };
            let b = previous[i];
            let c = if i >= channels {
                previous[i - channels]
            } else {
                0
            };
            let x = row[1 + i];
            line[i] = match filter {
                0 => x,
                1 => x.wrapping_add(a),
                2 => x.wrapping_add(b),
                3 => x.wrapping_add(((u16::from(a) + u16::from(b)) / 2) as u8),
                4 => x.wrapping_add(paeth(a, b, c)),
                other => panic!("PNG filter {other}"),
            };
        }
        for px in line.chunks_exact(channels) {
            pixels.push([px[0], px[1], px[2], if channels == 4 { px[3] } else { 255 }]);
        }
        std::mem::swap(&mut previous, &mut line);
    }
    (width, height, pixels)
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = (
        (p - i16::from(a)).abs(),
        (p - i16::from(b)).abs(),
        (p - i16::from(c)).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// Asserts a screenshot shows a picture, not a blank page: many distinct colours, and no single
/// colour covering nearly all of it.
pub fn assert_not_blank(png: &Path) {
    let bytes = std::fs::read(png).unwrap();
    let (width, height, pixels) = decode_png(&bytes);
    assert!(width > 0 && height > 0);
    let mut counts = std::collections::HashMap::new();
    for px in &pixels {
        *counts.entry(*px).or_insert(0usize) += 1;
    }
    let most = counts.values().copied().max().unwrap_or(0);
    assert!(
        counts.len() >= 16,
        "{}: only {} colours",
        png.display(),
        counts.len()
    );
    assert!(
        (most as f64) < 0.97 * pixels.len() as f64,
        "{}: one colour covers {most} of {} pixels",
        png.display(),
        pixels.len()
    );
}

/// Checks `page` opened without a step in the address: no script error, the first step shown,
/// and a picture. (The checks of any step are [`check_page_at`]'s.)
pub fn check_opens_at_first_step(browser: &Browser, page: &Path) {
    let dom = browser.dump_dom(page, "");
    assert_ran_cleanly(&dom);
    assert_eq!(
        viewer_attribute(&dom, "data-step"),
        "0",
        "opens at the first step"
    );
    assert!(dom.contains("<svg"), "no picture");
}

/// Checks `page` opened at `step`, in one browser run (a browser start is most of a check): no
/// script error, the final scores, the scores at `step`, a picture, and a screenshot that is not
/// blank. Returns the DOM at `step`.
pub fn check_page_at(
    browser: &Browser,
    dir: &Path,
    page: &Path,
    final_scores: &[f64],
    step: usize,
    at_step: &[f64],
) -> String {
    let png = dir.join("shot.png");
    let dom = browser.dump_dom_and_screenshot(page, &format!("#step={step}"), &png, 1000, 700);
    assert_ran_cleanly(&dom);
    assert_scores(
        &numbers(&viewer_attribute(&dom, "data-final-scores")),
        final_scores,
        "final scores",
    );
    assert_eq!(viewer_attribute(&dom, "data-step"), step.to_string());
    assert_scores(
        &numbers(&viewer_attribute(&dom, "data-scores")),
        at_step,
        &format!("scores at step {step}"),
    );
    assert!(dom.contains("<svg"), "no picture");
    assert_not_blank(&png);
    dom
}
