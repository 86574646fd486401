//! The board's drawings: our own SVG markup of each part of the [`Model`](super::model::Model),
//! coloured by `style/board.css` (classes only; no text but numbers).

use super::model::{BlackChip, Body, Camelot, DANGER_FROM, RoundTable, SwordPlace};
use camelot_board::data::{ACCUSATION_THRESHOLD, EXCALIBUR_END, WARRIORS_LOSE};
use camelot_board::{Relic, Spot};
use std::fmt::Write as _;

/// A sword pointing up, its tip at (60, 3): turned about the table's centre for each place.
const SWORD: &str = "M60 3 L63.5 8 V21 H67 V24 H63.5 V29 H56.5 V24 H53 V21 H56.5 V8 Z";

/// The Round Table from above: its places around the rim, clockwise from the top, a mark after the
/// place of the accusation threshold, and the two counts in the middle.
pub fn round_table_svg(rt: &RoundTable) -> String {
    let n = rt.places.len().max(1);
    let mut s = String::with_capacity(2048);
    s.push_str(r#"<circle class="rt-wood" cx="60" cy="60" r="31"/>"#);
    s.push_str(r#"<circle class="rt-rim" cx="60" cy="60" r="33"/>"#);
    for (i, place) in rt.places.iter().enumerate() {
        let angle = i as f32 * 360.0 / n as f32;
        let class = match place {
            SwordPlace::White => "sw w",
            SwordPlace::Black => "sw b",
            SwordPlace::Empty => "sw e",
        };
        let _ = write!(
            s,
            r#"<path class="{class}" transform="rotate({angle:.1} 60 60)" d="{SWORD}"/>"#
        );
    }
    // The threshold: a notch between its place and the next.
    let mark = f32::from(ACCUSATION_THRESHOLD) * 360.0 / n as f32 - 180.0 / n as f32;
    let _ = write!(
        s,
        r#"<path class="rt-mark" transform="rotate({mark:.1} 60 60)" d="M60 22 L64.5 30 L55.5 30 Z"/>"#
    );
    let _ = write!(
        s,
        concat!(
            r#"<circle class="rt-count w" cx="47" cy="60" r="11"/>"#,
            r#"<text class="rt-num w" x="47" y="64.5" text-anchor="middle">{}</text>"#,
            r#"<circle class="rt-count b" cx="73" cy="60" r="11"/>"#,
            r#"<text class="rt-num b" x="73" y="64.5" text-anchor="middle">{}</text>"#,
        ),
        rt.swords.white, rt.swords.black
    );
    s
}

/// A siege engine (a catapult) in a place 18 × 24.
const ENGINE: &str = concat!(
    r#"<rect x="2" y="15" width="14" height="3" rx="1"/>"#,
    r#"<circle cx="5" cy="20" r="2.5"/><circle cx="13" cy="20" r="2.5"/>"#,
    r#"<path d="M6 15 L14 5" stroke-width="2.2" stroke-linecap="round"/>"#,
    r#"<circle cx="14.5" cy="4.5" r="2.3"/>"#,
);

/// Camelot: its walls, and the twelve places of the siege in two rows; the places from
/// [`DANGER_FROM`] on are marked, and the accusation threshold's.
pub fn camelot_svg(c: &Camelot) -> String {
    let mut s = String::with_capacity(2048);
    // The castle: a wall with battlements, a gate and two towers.
    s.push_str(concat!(
        r#"<path class="castle" d="M38 26 V10 H42 V6 H46 V10 H50 V6 H54 V10 H58 V6 H62 V10 H66 V6 H70 V10 H74 V6 H78 V10 H82 V26 Z"/>"#,
        r#"<path class="castle" d="M30 26 V4 H34 V1 H37 V4 H39 V26 Z M81 26 V4 H83 V1 H86 V4 H90 V26 Z"/>"#,
        r#"<path class="gate" d="M55 26 V19 A5 5 0 0 1 65 19 V26 Z"/>"#,
    ));
    for (i, filled) in c.places().into_iter().enumerate() {
        let x = (i % 6) * 20 + 1;
        let y = 31 + (i / 6) * 27;
        let mut class = String::from("cp");
        if i + 1 >= usize::from(DANGER_FROM) {
            class.push_str(" danger");
        }
        if i + 1 == usize::from(ACCUSATION_THRESHOLD) {
            class.push_str(" mark");
        }
        if filled {
            class.push_str(" on");
        }
        let _ = write!(
            s,
            r#"<g transform="translate({x} {y})"><rect class="{class}" width="18" height="24" rx="3"/>"#
        );
        if filled {
            let _ = write!(s, r#"<g class="engine">{ENGINE}</g>"#);
        }
        s.push_str("</g>");
    }
    s
}

/// The size of a drawing's viewBox, for its markup.
pub fn body_box(body: &Body) -> (u32, u32) {
    match body {
        Body::Combat {
            white_spots,
            black_spots,
            ..
        } => (u32::from((*white_spots).max(*black_spots)) * 20, 54),
        Body::Excalibur { .. } => (120, 36),
        Body::Grail { .. } => (126, 28),
        Body::War { needed, .. } => (u32::from((*needed).max(WARRIORS_LOSE)) * 20, 54),
        Body::Over => (0, 0),
    }
}

/// The drawing of what lies on a quest.
pub fn body_svg(body: &Body) -> String {
    let mut s = String::with_capacity(1024);
    match body {
        Body::Combat {
            white,
            white_spots,
            black,
            black_spots,
        } => {
            for i in 0..usize::from(*white_spots) {
                let x = i * 20 + 2;
                match white.get(i) {
                    Some(v) => {
                        let _ = write!(
                            s,
                            r#"<rect class="wc" x="{x}" y="1" width="16" height="24" rx="2"/><text class="wv" x="{}" y="18" text-anchor="middle">{v}</text>"#,
                            x + 8
                        );
                    }
                    None => {
                        let _ = write!(
                            s,
                            r#"<rect class="spot" x="{x}" y="1" width="16" height="24" rx="2"/>"#
                        );
                    }
                }
            }
            for i in 0..usize::from(*black_spots) {
                let x = i * 20 + 2;
                match black.get(i) {
                    Some(BlackChip::Up { value, .. }) => {
                        let _ = write!(
                            s,
                            r#"<rect class="bc" x="{x}" y="29" width="16" height="24" rx="2"/><text class="bvl" x="{}" y="46" text-anchor="middle">{value}</text>"#,
                            x + 8
                        );
                    }
                    Some(BlackChip::Down) => {
                        // A back: the Round Table's cross, no value.
                        let _ = write!(
                            s,
                            r#"<rect class="bc down" x="{x}" y="29" width="16" height="24" rx="2"/><path class="back" d="M{} 33 V49 M{} 41 H{}"/><circle class="back" cx="{}" cy="41" r="4"/>"#,
                            x + 8,
                            x + 3,
                            x + 13,
                            x + 8
                        );
                    }
                    None => {
                        let _ = write!(
                            s,
                            r#"<rect class="spot dark" x="{x}" y="29" width="16" height="24" rx="2"/>"#
                        );
                    }
                }
            }
        }
        Body::Excalibur { position } => {
            s.push_str(r#"<rect class="bank dark" x="0" y="4" width="7" height="28" rx="2"/>"#);
            s.push_str(
                r#"<rect class="bank knights" x="113" y="4" width="7" height="28" rx="2"/>"#,
            );
            s.push_str(r#"<path class="track" d="M10 18 H110"/>"#);
            for p in -EXCALIBUR_END..=EXCALIBUR_END {
                let x = 60 + i32::from(p) * 10;
                let r = if p == 0 { 2.5 } else { 1.6 };
                let _ = write!(s, r#"<circle class="tick" cx="{x}" cy="18" r="{r}"/>"#);
            }
            let x = 60 + i32::from(*position) * 10;
            let _ = write!(
                s,
                r#"<path class="xsword" d="M{x} 2 L{} 6 V22 H{} V25 H{} V33 H{} V25 H{} V22 H{} V6 Z"/>"#,
                x + 2,
                x + 6,
                x + 1,
                x - 1,
                x - 6,
                x - 2
            );
        }
        Body::Grail { spots } => {
            // The relic's end: a cup.
            s.push_str(concat!(
                r#"<path class="cup" d="M2 5 H14 C14 13 11 16 8 16 C5 16 2 13 2 5 Z"/>"#,
                r#"<rect class="cup" x="7" y="16" width="2" height="5"/><rect class="cup" x="4" y="21" width="8" height="2"/>"#,
            ));
            for (i, spot) in spots.iter().enumerate() {
                let cx = 26 + i * 15;
                let class = match spot {
                    Spot::Empty => "gs e",
                    Spot::Grail => "gs g",
                    Spot::Despair => "gs d",
                    Spot::Desolation => "gs d x",
                };
                let _ = write!(s, r#"<circle class="{class}" cx="{cx}" cy="14" r="6.5"/>"#);
                if *spot == Spot::Desolation {
                    let _ = write!(
                        s,
                        r#"<path class="xmark" d="M{} 10 L{} 18 M{} 10 L{} 18"/>"#,
                        cx - 4,
                        cx + 4,
                        cx + 4,
                        cx - 4
                    );
                }
            }
        }
        Body::War {
            played,
            needed,
            warriors,
            ..
        } => {
            for i in 0..*needed {
                let x = u32::from(i) * 20 + 2;
                let value = (i + 1).min(5);
                let class = if i < *played { "ws on" } else { "ws" };
                let _ = write!(
                    s,
                    r#"<rect class="{class}" x="{x}" y="1" width="16" height="24" rx="2"/><text class="{class} n" x="{}" y="18" text-anchor="middle">{value}</text>"#,
                    x + 8
                );
            }
            for i in 0..WARRIORS_LOSE {
                let x = u32::from(i) * 20 + 10;
                let class = if i < *warriors { "wr on" } else { "wr" };
                let _ = write!(
                    s,
                    r#"<path class="{class}" d="M{x} 30 a4 4 0 1 1 0 8 a4 4 0 1 1 0 -8 Z M{} 53 L{} 41 H{} L{} 53 Z"/>"#,
                    x - 7,
                    x - 4,
                    x + 4,
                    x + 7
                );
            }
        }
        // Its result is said in words (the tile's badge).
        Body::Over => {}
    }
    s
}

/// A relic's small drawing (viewBox 0 0 20 20).
pub fn relic_svg(relic: Relic) -> &'static str {
    match relic {
        Relic::Excalibur => r#"<path d="M10 1 L12 4 V13 H15 V15 H11 V19 H9 V15 H5 V13 H8 V4 Z"/>"#,
        Relic::Grail => concat!(
            r#"<path d="M3 2 H17 C17 10 13 12 10 12 C7 12 3 10 3 2 Z"/>"#,
            r#"<rect x="9" y="12" width="2" height="4"/><rect x="5" y="16" width="10" height="2.5"/>"#,
        ),
        Relic::LancelotsArmor => r#"<path d="M4 2 L8 4 H12 L16 2 L19 6 L16 9 V18 H4 V9 L1 6 Z"/>"#,
    }
}
