//! `--png FILE`: an SVG picture rendered to PNG with resvg (a pure-Rust
//! SVG renderer), its text set in the font shipped inside the binary
//! (DejaVu Sans cut down to ASCII, `fonts/`), so square and hole numbers
//! render the same on a machine with no fonts installed.

use anyhow::{Context, Result};
use parlour_game::echo::echo;
use resvg::{tiny_skia, usvg};
use std::path::Path;

/// The font every picture's text is set in.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-ascii.ttf");

/// `svg` rendered at its own size, as PNG bytes.
pub fn render(svg: &str) -> Result<Vec<u8>> {
    let mut options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        ..usvg::Options::default()
    };
    options.fontdb_mut().load_font_data(FONT.to_vec());
    let tree = usvg::Tree::from_str(svg, &options).context("the picture does not read as SVG")?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).context("the picture is empty")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().context("cannot encode the PNG")
}

/// Writes `svg` rendered as PNG to `path`.
pub fn write(path: &Path, svg: &str) -> Result<()> {
    let png = render(svg)?;
    std::fs::write(path, png)
        .with_context(|| format!("cannot write --png {}", echo(&path.display())))
}
