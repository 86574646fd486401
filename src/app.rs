//! The root component of the web app.

use leptos::prelude::*;

/// The whole app, mounted into `<body>` by `main`.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <main id="app">
            <h1>"Camelot"</h1>
            <p class="subtitle">"Shadows over Camelot: The Card Game"</p>
            <p>"The Round Table is being prepared."</p>
        </main>
    }
}
