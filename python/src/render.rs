//! Pictures as pixels: a game's SVG picture (`Game.render_svg`, the replay pages' frames)
//! rasterised by [`resvg`] into an `(height, width, 3)` `uint8` numpy array, for Gymnasium's and
//! PettingZoo's `render_mode="rgb_array"` (videos, notebooks, `pettingzoo.test.render_test`).
//!
//! `resvg` is built without its default features: no text (shaping and font loading: its
//! `text` and `system-fonts` features cost about 65 CPU-seconds more to build, and would draw
//! only where the machine has a font), no embedded raster images, no `svgz`. So the pictures'
//! few text labels (captions, item letters, car numbers) are not drawn; every shape is. The
//! `svg` render mode keeps them.

use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use resvg::{tiny_skia, usvg};

use crate::engine::error;

/// The largest width or height of a rasterised picture, in pixels (a `width` asking for more,
/// or a picture whose height would be more, is refused).
pub const MAX_SIDE: u32 = 8192;

/// `svg` rasterised at `width` pixels (default: the SVG's own width), on white; answers
/// `(width, height, RGB bytes row by row)`.
pub fn rasterise(svg: &str, width: Option<u32>) -> Result<(u32, u32, Vec<u8>), String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| format!("the picture's SVG could not be read: {e}"))?;
    let size = tree.size();
    let scale = match width {
        None => 1.0,
        Some(0) => return Err("render width 0: at least 1 pixel".to_string()),
        Some(w) if w > MAX_SIDE => {
            return Err(format!("render width {w}: at most {MAX_SIDE} pixels"));
        }
        Some(w) => w as f32 / size.width(),
    };
    let side = |length: f32| (length * scale).round().max(1.0);
    let (w, h) = (side(size.width()), side(size.height()));
    if w > MAX_SIDE as f32 || h > MAX_SIDE as f32 {
        return Err(format!(
            "a picture of {w} x {h} pixels: at most {MAX_SIDE} on a side (ask for a smaller width)"
        ));
    }
    let (w, h) = (w as u32, h as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| format!("a picture of {w} x {h} pixels could not be allocated"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Drawn over opaque white, every pixel is opaque: its premultiplied colour is its colour.
    let mut rgb = Vec::with_capacity(w as usize * h as usize * 3);
    for pixel in pixmap.data().chunks_exact(4) {
        rgb.extend_from_slice(&pixel[..3]);
    }
    Ok((w, h, rgb))
}

/// `svg` as a numpy `uint8` array `(height, width, 3)`, rasterised with the GIL released;
/// `width` a whole number of pixels (`None`: the SVG's own).
pub fn rgb<'py>(
    py: Python<'py>,
    svg: &str,
    width: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let width = match width {
        None => None,
        Some(w) if w.is_none() => None,
        Some(w) => {
            // Read whole (an `EngineTypeError` for a non-integer), then its range checked.
            let w: crate::engine::Int = w.extract().map_err(|_| {
                let kind = w
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string());
                crate::type_error(py, format!("render width: expected an integer, got {kind}"))
            })?;
            match u32::try_from(w.0) {
                Ok(pixels) if (1..=MAX_SIDE).contains(&pixels) => Some(pixels),
                _ => {
                    return Err(error(format!(
                        "render width {w} out of range: a width is a whole number of pixels, 1 \
                         to {MAX_SIDE}"
                    )));
                }
            }
        }
    };
    let (w, h, pixels) = py.detach(|| rasterise(svg, width)).map_err(error)?;
    let array = pixels.into_pyarray(py);
    Ok(array.reshape(vec![h as usize, w as usize, 3])?.into_any())
}
