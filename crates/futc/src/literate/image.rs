//! Images for `:img`, `:video` and `:plot2d`: arrays as pixels, a small
//! rasteriser for line plots, and PNG files.

use opt::value::ArrayValue;
use prim::PrimValue;
use std::path::Path;

/// An RGB image, rows top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub width: usize,
    pub height: usize,
    /// Three bytes a pixel, row-major.
    pub rgb: Vec<u8>,
}

pub type Colour = [u8; 3];

const WHITE: Colour = [0xff, 0xff, 0xff];
const BLACK: Colour = [0, 0, 0];

/// The colours of successive series: gnuplot's default line colours, so
/// that plots look as upstream's do.
pub const SERIES_COLOURS: [Colour; 8] = [
    [0x94, 0x00, 0xd3],
    [0x00, 0x9e, 0x73],
    [0x56, 0xb4, 0xe9],
    [0xe6, 0x9f, 0x00],
    [0xf0, 0xe4, 0x42],
    [0x00, 0x72, 0xb2],
    [0xe5, 0x1e, 0x10],
    [0x00, 0x00, 0x00],
];

impl Image {
    pub fn filled(width: usize, height: usize, colour: Colour) -> Image {
        Image {
            width,
            height,
            rgb: colour.repeat(width * height),
        }
    }

    /// Sets a pixel; one outside the image is ignored.
    fn set(&mut self, x: i64, y: i64, colour: Colour) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return;
        }
        let at = (y as usize * self.width + x as usize) * 3;
        self.rgb[at..at + 3].copy_from_slice(&colour);
    }

    pub fn write_png(&self, path: &Path) -> Result<(), String> {
        let failed =
            |error: &dyn std::fmt::Display| format!("cannot write {}: {error}", path.display());
        let width = u32::try_from(self.width).map_err(|e| failed(&e))?;
        let height = u32::try_from(self.height).map_err(|e| failed(&e))?;
        if width == 0 || height == 0 {
            return Err(format!(
                "cannot write an image of {}x{} pixels",
                self.width, self.height
            ));
        }
        let file = std::fs::File::create(path).map_err(|e| failed(&e))?;
        let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| failed(&e))?;
        writer.write_image_data(&self.rgb).map_err(|e| failed(&e))?;
        writer.finish().map_err(|e| failed(&e))
    }
}

/// The image a `[height][width]` array shows, as upstream's `:img`
/// reads it: `u32` and `i32` elements are ARGB pixels (the alpha is
/// dropped), `f32` and `f64` greys from 0 (black) to 1 (white), `u8`
/// greys from 0 to 255, `bool` black (false) and white (true).
pub fn array_image(array: &ArrayValue) -> Result<Image, String> {
    let &[height, width] = array.shape.as_slice() else {
        return Err(format!(
            "cannot make an image of a {}-dimensional array",
            array.rank()
        ));
    };
    let mut rgb = Vec::with_capacity(array.data.len() * 3);
    for &value in array.data.iter() {
        let argb = match value {
            PrimValue::U32(v) => v,
            PrimValue::I32(v) => v as u32,
            PrimValue::F32(v) => grey_of_fraction(f64::from(v)),
            PrimValue::F64(v) => grey_of_fraction(v),
            PrimValue::U8(v) => grey(v),
            PrimValue::Bool(v) => grey(if v { 0xff } else { 0 }),
            _ => {
                return Err(format!(
                    "cannot make an image of an array of {}",
                    array.element.name()
                ));
            }
        };
        rgb.extend_from_slice(&[(argb >> 16) as u8, (argb >> 8) as u8, argb as u8]);
    }
    Ok(Image {
        width: width as usize,
        height: height as usize,
        rgb,
    })
}

/// The frames of a `[frames][height][width]` array, each as
/// [`array_image`] makes it.
pub fn array_frames(array: &ArrayValue) -> Result<Vec<Image>, String> {
    if array.rank() != 3 {
        return Err(format!(
            "cannot make a video of a {}-dimensional array",
            array.rank()
        ));
    }
    let frame_len = array.row_len();
    (0..array.shape[0] as usize)
        .map(|i| {
            let data = array.data[i * frame_len..(i + 1) * frame_len].to_vec();
            array_image(&ArrayValue::new(
                array.element,
                array.shape[1..].to_vec(),
                data,
            ))
        })
        .collect()
}

fn grey(level: u8) -> u32 {
    let level = u32::from(level);
    (level << 16) | (level << 8) | level
}

/// Upstream's rounding: the level wraps around outside [0, 1].
fn grey_of_fraction(fraction: f64) -> u32 {
    grey(((fraction * 255.0).round() as i64 & 0xff) as u8)
}

/// The number a plotted element stands for.
pub fn numeric(value: PrimValue) -> Option<f64> {
    match value {
        PrimValue::Bool(_) => None,
        PrimValue::I8(v) => Some(f64::from(v)),
        PrimValue::I16(v) => Some(f64::from(v)),
        PrimValue::I32(v) => Some(f64::from(v)),
        PrimValue::I64(v) => Some(v as f64),
        PrimValue::U8(v) => Some(f64::from(v)),
        PrimValue::U16(v) => Some(f64::from(v)),
        PrimValue::U32(v) => Some(f64::from(v)),
        PrimValue::U64(v) => Some(v as f64),
        PrimValue::F16(v) => Some(v.to_f64()),
        PrimValue::F32(v) => Some(f64::from(v)),
        PrimValue::F64(v) => Some(v),
    }
}

/// One line of a plot: its points in order, and its name in the
/// legend, if it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub label: Option<String>,
    pub points: Vec<(f64, f64)>,
}

/// Space around the plot area, in pixels: the left and bottom hold the
/// tick labels.
const MARGIN_LEFT: usize = 60;
const MARGIN_RIGHT: usize = 20;
const MARGIN_TOP: usize = 20;
const MARGIN_BOTTOM: usize = 36;
const TICK_LENGTH: i64 = 6;
/// Glyphs are drawn this many pixels a font dot.
const FONT_SCALE: i64 = 2;

/// Length of a line in the legend, and the space around it.
const LEGEND_LINE: i64 = 20;
const LEGEND_GAP: i64 = 8;

/// A line plot of `series` (the `i`th in `SERIES_COLOURS[i % 8]`) in a
/// `width` by `height` image: a frame with ticks and numbers on both
/// axes, whose ranges cover every finite point and end on ticks, and the
/// labelled series' names right of it (gnuplot's `key outside`).
pub fn plot(series: &[Series], width: usize, height: usize) -> Image {
    let mut image = Image::filled(width, height, WHITE);
    let finite = || {
        series
            .iter()
            .flat_map(|s| s.points.iter().copied())
            .filter(|(x, y)| x.is_finite() && y.is_finite())
    };
    let x_axis = Axis::covering(finite().map(|(x, _)| x));
    let y_axis = Axis::covering(finite().map(|(_, y)| y));
    let legend_width = series
        .iter()
        .filter_map(|s| s.label.as_deref())
        .map(|label| text_width(label) + LEGEND_LINE + 2 * LEGEND_GAP)
        .max()
        .unwrap_or(0) as usize;
    let left = MARGIN_LEFT as i64;
    let top = MARGIN_TOP as i64;
    let right = width
        .saturating_sub(MARGIN_RIGHT + legend_width)
        .max(MARGIN_LEFT + 2) as i64
        - 1;
    let bottom = height.saturating_sub(MARGIN_BOTTOM).max(MARGIN_TOP + 2) as i64 - 1;
    let to_pixel = |(x, y): (f64, f64)| {
        (
            left + (x_axis.fraction(x) * (right - left) as f64).round() as i64,
            bottom - (y_axis.fraction(y) * (bottom - top) as f64).round() as i64,
        )
    };
    for (i, one) in series.iter().enumerate() {
        let colour = SERIES_COLOURS[i % SERIES_COLOURS.len()];
        let mut previous = None;
        for &point in &one.points {
            if !(point.0.is_finite() && point.1.is_finite()) {
                previous = None;
                continue;
            }
            let here = to_pixel(point);
            let from = previous.unwrap_or(here);
            draw_line(&mut image, from, here, colour, (left, top, right, bottom));
            previous = Some(here);
        }
    }
    // The frame and ticks go over the lines, as gnuplot draws them.
    for x in left..=right {
        image.set(x, top, BLACK);
        image.set(x, bottom, BLACK);
    }
    for y in top..=bottom {
        image.set(left, y, BLACK);
        image.set(right, y, BLACK);
    }
    for value in x_axis.ticks() {
        let (x, _) = to_pixel((value, y_axis.low));
        for d in 0..TICK_LENGTH {
            image.set(x, bottom - d, BLACK);
            image.set(x, top + d, BLACK);
        }
        let label = x_axis.label(value);
        let label_width = text_width(&label);
        draw_text(&mut image, &label, x - label_width / 2, bottom + 8);
    }
    for value in y_axis.ticks() {
        let (_, y) = to_pixel((x_axis.low, value));
        for d in 0..TICK_LENGTH {
            image.set(left + d, y, BLACK);
            image.set(right - d, y, BLACK);
        }
        let label = y_axis.label(value);
        draw_text(
            &mut image,
            &label,
            left - 8 - text_width(&label),
            y - GLYPH_HEIGHT * FONT_SCALE / 2,
        );
    }
    let labelled = series
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Some((i, s.label.as_deref()?)));
    for (row, (i, label)) in labelled.enumerate() {
        let y = top + row as i64 * (GLYPH_HEIGHT + 2) * FONT_SCALE;
        let x = right + LEGEND_GAP;
        draw_text(&mut image, label, x, y);
        let line_x = x + text_width(label) + LEGEND_GAP;
        let line_y = y + GLYPH_HEIGHT * FONT_SCALE / 2;
        let colour = SERIES_COLOURS[i % SERIES_COLOURS.len()];
        let whole = (0, 0, width as i64 - 1, height as i64 - 1);
        draw_line(
            &mut image,
            (line_x, line_y),
            (line_x + LEGEND_LINE, line_y),
            colour,
            whole,
        );
    }
    image
}

/// A line two pixels wide from `from` to `to`, clipped to the box
/// `(left, top, right, bottom)`.
fn draw_line(
    image: &mut Image,
    from: (i64, i64),
    to: (i64, i64),
    colour: Colour,
    (left, top, right, bottom): (i64, i64, i64, i64),
) {
    let (mut x, mut y) = from;
    let dx = (to.0 - x).abs();
    let dy = -(to.1 - y).abs();
    let step_x = if x < to.0 { 1 } else { -1 };
    let step_y = if y < to.1 { 1 } else { -1 };
    let mut error = dx + dy;
    loop {
        for (px, py) in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
            if (left..=right).contains(&px) && (top..=bottom).contains(&py) {
                image.set(px, py, colour);
            }
        }
        if (x, y) == to {
            break;
        }
        let twice = 2 * error;
        if twice >= dy {
            error += dy;
            x += step_x;
        }
        if twice <= dx {
            error += dx;
            y += step_y;
        }
    }
}

/// The range of one axis, from tick to tick.
struct Axis {
    low: f64,
    high: f64,
    step: f64,
}

impl Axis {
    /// About five ticks of 1, 2 or 5 times a power of ten, the range
    /// widened to the ticks around the values.
    fn covering(values: impl Iterator<Item = f64>) -> Axis {
        let (mut low, mut high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        if low > high {
            (low, high) = (0.0, 1.0);
        }
        if low == high {
            let spread = if low == 0.0 { 1.0 } else { low.abs() / 2.0 };
            (low, high) = (low - spread, high + spread);
        }
        let raw = (high - low) / 5.0;
        let magnitude = 10f64.powf(raw.log10().floor());
        let normalised = raw / magnitude;
        let step = magnitude
            * if normalised < 1.5 {
                1.0
            } else if normalised < 3.0 {
                2.0
            } else if normalised < 7.0 {
                5.0
            } else {
                10.0
            };
        Axis {
            low: (low / step).floor() * step,
            high: (high / step).ceil() * step,
            step,
        }
    }

    fn fraction(&self, value: f64) -> f64 {
        (value - self.low) / (self.high - self.low)
    }

    fn ticks(&self) -> impl Iterator<Item = f64> + '_ {
        let count = ((self.high - self.low) / self.step).round() as i64;
        (0..=count).map(move |i| self.low + i as f64 * self.step)
    }

    /// A tick's number with as many decimals as the step needs.
    fn label(&self, value: f64) -> String {
        let value = if value.abs() < self.step * 1e-9 {
            0.0
        } else {
            value
        };
        if value != 0.0 && !(1e-4..1e7).contains(&value.abs()) {
            return format!("{value:e}");
        }
        let decimals = (-self.step.log10().floor()).max(0.0) as usize;
        format!("{value:.decimals$}")
    }
}

const GLYPH_WIDTH: i64 = 3;
const GLYPH_HEIGHT: i64 = 5;

/// Rows of a 3x5 glyph, top to bottom, the leftmost dot the highest bit;
/// letters of either case look the same.
fn glyph(c: char) -> [u8; 5] {
    match c.to_ascii_uppercase() {
        '0' => [0b111, 0b101, 0b101, 0b101, 0b111],
        '1' => [0b010, 0b110, 0b010, 0b010, 0b111],
        '2' => [0b111, 0b001, 0b111, 0b100, 0b111],
        '3' => [0b111, 0b001, 0b111, 0b001, 0b111],
        '4' => [0b101, 0b101, 0b111, 0b001, 0b001],
        '5' => [0b111, 0b100, 0b111, 0b001, 0b111],
        '6' => [0b111, 0b100, 0b111, 0b101, 0b111],
        '7' => [0b111, 0b001, 0b010, 0b010, 0b010],
        '8' => [0b111, 0b101, 0b111, 0b101, 0b111],
        '9' => [0b111, 0b101, 0b111, 0b001, 0b111],
        '-' => [0b000, 0b000, 0b111, 0b000, 0b000],
        '+' => [0b000, 0b010, 0b111, 0b010, 0b000],
        '.' => [0b000, 0b000, 0b000, 0b000, 0b010],
        '_' => [0b000, 0b000, 0b000, 0b000, 0b111],
        '\'' => [0b010, 0b010, 0b000, 0b000, 0b000],
        'A' => [0b010, 0b101, 0b111, 0b101, 0b101],
        'B' => [0b110, 0b101, 0b110, 0b101, 0b110],
        'C' => [0b011, 0b100, 0b100, 0b100, 0b011],
        'D' => [0b110, 0b101, 0b101, 0b101, 0b110],
        'E' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'F' => [0b111, 0b100, 0b110, 0b100, 0b100],
        'G' => [0b011, 0b100, 0b101, 0b101, 0b011],
        'H' => [0b101, 0b101, 0b111, 0b101, 0b101],
        'I' => [0b111, 0b010, 0b010, 0b010, 0b111],
        'J' => [0b001, 0b001, 0b001, 0b101, 0b010],
        'K' => [0b101, 0b101, 0b110, 0b101, 0b101],
        'L' => [0b100, 0b100, 0b100, 0b100, 0b111],
        'M' => [0b101, 0b111, 0b111, 0b101, 0b101],
        'N' => [0b110, 0b101, 0b101, 0b101, 0b101],
        'O' => [0b010, 0b101, 0b101, 0b101, 0b010],
        'P' => [0b110, 0b101, 0b110, 0b100, 0b100],
        'Q' => [0b010, 0b101, 0b101, 0b110, 0b011],
        'R' => [0b110, 0b101, 0b110, 0b101, 0b101],
        'S' => [0b011, 0b100, 0b010, 0b001, 0b110],
        'T' => [0b111, 0b010, 0b010, 0b010, 0b010],
        'U' => [0b101, 0b101, 0b101, 0b101, 0b111],
        'V' => [0b101, 0b101, 0b101, 0b101, 0b010],
        'W' => [0b101, 0b101, 0b111, 0b111, 0b101],
        'X' => [0b101, 0b101, 0b010, 0b101, 0b101],
        'Y' => [0b101, 0b101, 0b010, 0b010, 0b010],
        'Z' => [0b111, 0b001, 0b010, 0b100, 0b111],
        _ => [0; 5],
    }
}

fn text_width(text: &str) -> i64 {
    let count = text.chars().count() as i64;
    (count * (GLYPH_WIDTH + 1) - 1).max(0) * FONT_SCALE
}

fn draw_text(image: &mut Image, text: &str, x: i64, y: i64) {
    for (i, c) in text.chars().enumerate() {
        let origin = x + i as i64 * (GLYPH_WIDTH + 1) * FONT_SCALE;
        for (row, bits) in glyph(c).into_iter().enumerate() {
            for column in 0..GLYPH_WIDTH {
                if bits & (1 << (GLYPH_WIDTH - 1 - column)) == 0 {
                    continue;
                }
                for dy in 0..FONT_SCALE {
                    for dx in 0..FONT_SCALE {
                        image.set(
                            origin + column * FONT_SCALE + dx,
                            y + row as i64 * FONT_SCALE + dy,
                            BLACK,
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prim::PrimType;

    fn pixel(image: &Image, x: usize, y: usize) -> Colour {
        let at = (y * image.width + x) * 3;
        [image.rgb[at], image.rgb[at + 1], image.rgb[at + 2]]
    }

    #[test]
    fn arrays_as_pixels() {
        let argb = ArrayValue::new(
            PrimType::U32,
            vec![1, 2],
            vec![PrimValue::U32(0xff12_3456), PrimValue::U32(0x00ab_cdef)],
        );
        let image = array_image(&argb).unwrap();
        assert_eq!((image.width, image.height), (2, 1));
        assert_eq!(image.rgb, [0x12, 0x34, 0x56, 0xab, 0xcd, 0xef]);
        let greys = ArrayValue::new(
            PrimType::F32,
            vec![2, 1],
            vec![PrimValue::F32(0.5), PrimValue::F32(1.0)],
        );
        assert_eq!(
            array_image(&greys).unwrap().rgb,
            [128, 128, 128, 255, 255, 255]
        );
        let flat = ArrayValue::new(PrimType::U32, vec![1], vec![PrimValue::U32(0)]);
        assert!(array_image(&flat).is_err());
    }

    #[test]
    fn axes_end_on_ticks() {
        let axis = Axis::covering([0.3, 9.2].into_iter());
        assert_eq!((axis.low, axis.high, axis.step), (0.0, 10.0, 2.0));
        assert_eq!(axis.ticks().count(), 6);
        let small = Axis::covering([0.0, 0.7].into_iter());
        assert_eq!(small.label(0.1 + 0.2), "0.3");
    }

    #[test]
    fn a_rising_line_rises() {
        let series = Series {
            label: None,
            points: vec![(0.0, 0.0), (1.0, 1.0)],
        };
        let image = plot(&[series], 200, 150);
        assert_eq!(pixel(&image, 0, 0), WHITE);
        let purple: Vec<(usize, usize)> = (0..image.height)
            .flat_map(|y| (0..image.width).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(&image, x, y) == SERIES_COLOURS[0])
            .collect();
        let leftmost = purple.iter().min_by_key(|p| p.0).unwrap();
        let rightmost = purple.iter().max_by_key(|p| p.0).unwrap();
        assert!(leftmost.1 > rightmost.1, "{leftmost:?} {rightmost:?}");
    }
}
