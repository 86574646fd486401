//! A bare Leptos counter: one button that counts taps. tests/budget.rs measures how soon it is
//! interactive beside the app's Home screen; the button carries Home's `data-testid="new-game"`
//! so that the same script marks both.

use leptos::prelude::*;

#[component]
fn Counter() -> impl IntoView {
    let (count, set_count) = signal(0u32);
    view! {
        <button data-testid="new-game" on:click=move |_| set_count.update(|n| *n += 1)>
            {count}
        </button>
    }
}

fn main() {
    leptos::mount::mount_to_body(Counter);
}
