//! The one interface of a computer player, for every game: it is shown its seat's borrowed view
//! ([`Looked::look`]: nothing its seat may not see, so it cannot cheat), chooses one of the legal
//! actions, and says why in data the app puts into words. The app's computer knights and each
//! game's simulations both call it.

use crate::{GameRng, Rules, Seat};

/// A game whose seats can be looked at without a copy: the view a computer player decides from.
pub trait Looked: Rules {
    /// What one seat may see, borrowed from the game.
    type Look<'a>: Copy
    where
        Self: 'a;

    /// What `seat` may see now (`None` for a seat that is not at the table).
    fn look(&self, seat: Seat) -> Option<Self::Look<'_>>;
}

/// A computer player of the game `R`.
pub trait Player<R: Looked> {
    /// Why it chose what it chose (data; the app words it).
    type Reason;

    /// The position in `legal` (the seat's legal actions, in the game's order) of the action
    /// chosen from `look`, the deciding seat's view; `None` when it chooses none of them.
    fn choose(
        &mut self,
        look: &R::Look<'_>,
        legal: &[R::Action],
        rng: &mut GameRng,
    ) -> Option<usize>;

    /// The action chosen from `look` alone, for a player that can name it without the list of
    /// legal actions (`None`, the default: it chooses from the list, by [`Player::choose`]). A
    /// simulation asks this first, sparing the list at every decision, and lets the game check the
    /// action as it applies it; it asks [`Player::choose`] only when this says `None`.
    fn choose_unlisted(&mut self, _look: &R::Look<'_>, _rng: &mut GameRng) -> Option<R::Action> {
        None
    }

    /// Why `legal[chosen]` was chosen, worked out from the same view (after the choice, so that a
    /// simulation that does not need the reason does not pay for it).
    fn reason(&self, look: &R::Look<'_>, legal: &[R::Action], chosen: usize) -> Self::Reason;

    /// Watch what an action caused, as its seat saw it (players that remember override this).
    fn observe(&mut self, _event: &R::Event) {}
}

/// One decision of `player` for the decider of `game`: the action and why, or `None` when the
/// game is over or the player chose none of the legal actions.
pub fn decide<R: Looked, P: Player<R>>(
    game: &R,
    player: &mut P,
    rng: &mut GameRng,
) -> Option<(R::Action, P::Reason)> {
    let seat = game.decider()?;
    let look = game.look(seat)?;
    let legal = game.legal_actions();
    let i = player.choose(&look, &legal, rng)?;
    let action = legal.get(i)?.clone();
    Some((action, player.reason(&look, &legal, i)))
}
