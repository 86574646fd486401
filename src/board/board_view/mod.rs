//! The board of the board game, drawn by us in SVG and CSS (no pictures): the Round Table and its
//! swords, Camelot and its twelve siege-engine places, every quest with what lies on it, each
//! knight where he stands, the piles and the lasting effects. It draws a
//! [`TableView`](camelot_board::TableView) and nothing else, so what the table may not see cannot
//! be drawn: a face-down black card is only a back.
//!
//! Plain functions decide the drawing and are tested natively: [`Model::of`](model::Model::of)
//! turns the view into the parts drawn, the `*_svg` functions draw them as markup, the `*_lines`
//! functions say them in words (what a screen reader reads, and the enlarged quest's list). The
//! component only puts them on the page. On a phone the board is compact; a quest opens larger in a
//! dialog on a tap, and Escape or Close closes it.
//!
//! Its styles, `style/board.css`, are not in the first load: the component links them into the
//! page's head the first time a board shows.
//!
//! By job: [`model`] decides the parts drawn, [`svg`] draws them, [`lines`] says them, and
//! `component` puts them on the page ([`Board`], [`link_stylesheet`], re-exported here).

pub mod lines;
pub mod model;
pub mod svg;

mod component;

pub use component::*;

#[cfg(test)]
mod tests;
