//! The Saved games screen: every game kept on this device with its players, dates and progress;
//! Continue, Export (a .json file), Delete (after a confirmation) and Import (from a file). A saved
//! game that cannot be read is shown with its problem in plain words and can only be deleted, on
//! request — it is never changed or removed by itself.

use crate::i18n::{K, t, tf};
use crate::storage::{self, Imported, Reader, SaveSummary, SavedRow, StorageError};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Largest file we try to read as a saved game (a long game is well under 1 MB).
const IMPORT_MAX_BYTES: f64 = 5_000_000.0;

/// A message above the list after an action.
#[derive(Clone, Debug, PartialEq)]
enum Notice {
    Done(String),
    Problem {
        text: String,
        detail: Option<String>,
    },
    /// The file's game is already kept here, move for move: keep both, or skip it?
    AlreadyHere {
        text: String,
        names: Vec<String>,
    },
}

impl Notice {
    fn problem(e: &StorageError) -> Notice {
        Notice::Problem {
            text: e.to_string(),
            detail: e.detail(),
        }
    }
}

/// Offer `text` as a file download named `name`.
fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |_| t(K::saved_download_failed).to_string();
    let parts = web_sys::js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let a: web_sys::HtmlAnchorElement = document()
        .create_element("a")
        .map_err(fail)?
        .unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.set_attribute("hidden", "").map_err(fail)?;
    let body = document()
        .body()
        .ok_or_else(|| t(K::saved_download_failed).to_string())?;
    body.append_child(&a).map_err(fail)?;
    a.click();
    a.remove();
    // Give the download a moment to start before the URL is released.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(10),
    );
    Ok(())
}

/// The saved games. `on_open` receives the id of a game the player chose to open (the game opens
/// at its table, read and replayed there);
/// `on_back` leaves the screen; `on_deleted` hears of each deleted id (to drop it if it is the
/// game in play). `readers` read each game's saves (one per game the app has).
#[component]
pub fn SavedGames(
    readers: &'static [Reader],
    #[prop(into)] on_open: Callback<String>,
    #[prop(into)] on_back: Callback<()>,
    #[prop(optional, into)] on_deleted: Option<Callback<String>>,
    /// Look back at a finished game, move by move.
    #[prop(optional, into)]
    on_review: Option<Callback<String>>,
) -> impl IntoView {
    crate::review::words::open();
    let rows = RwSignal::new(storage::list(readers));
    let confirm = RwSignal::new(None::<String>);
    let notice = RwSignal::new(None::<Notice>);
    let busy = RwSignal::new(false);
    let unavailable = storage::available().err();
    let current = storage::current_id();
    let refresh = move || rows.set(storage::list(readers));

    // The game opens at its table, whose screens (and the game's rules) come in their own chunk;
    // one that can no longer be read sends Home, which says why.
    let open = move |id: String| on_open.run(id);
    let export = move |summary: SaveSummary| {
        let result = storage::export(&summary.id, readers)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let name = storage::export_file_name(
                    &summary.names,
                    summary.updated_ms,
                    storage::tz_offset_min(summary.updated_ms),
                );
                download(&name, &text).map(|_| name)
            });
        notice.set(Some(match result {
            Ok(name) => Notice::Done(tf(
                K::saved_exported,
                &[("names", &summary.title()), ("file", &name)],
            )),
            Err(text) => Notice::Problem { text, detail: None },
        }));
    };
    let delete = move |id: String| {
        confirm.set(None);
        match storage::delete(&id) {
            Ok(()) => {
                notice.set(Some(Notice::Done(t(K::saved_deleted).into())));
                if let Some(cb) = on_deleted {
                    cb.run(id);
                }
            }
            Err(e) => notice.set(Some(Notice::problem(&e))),
        }
        refresh();
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        if file.size() > IMPORT_MAX_BYTES {
            notice.set(Some(Notice::Problem {
                text: t(K::saved_file_too_big).into(),
                detail: None,
            }));
            return;
        }
        busy.set(true);
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string());
            busy.set(false);
            let Some(text) = text else {
                notice.set(Some(Notice::Problem {
                    text: t(K::saved_file_unreadable).into(),
                    detail: None,
                }));
                return;
            };
            notice.set(Some(match storage::import_new(&text, readers) {
                Ok(Imported::Added(s)) => Notice::Done(tf(
                    K::saved_imported,
                    &[("names", &storage::names_line(&s.names))],
                )),
                Ok(Imported::AlreadyHere { names, .. }) => Notice::AlreadyHere { text, names },
                Err(e) => Notice::problem(&e),
            }));
            refresh();
        });
    };
    // The answer to "already here": a second copy, or nothing.
    let keep_both = move |text: String| {
        notice.set(Some(match storage::import(&text, readers) {
            Ok(s) => Notice::Done(tf(
                K::saved_imported,
                &[("names", &storage::names_line(&s.names))],
            )),
            Err(e) => Notice::problem(&e),
        }));
        refresh();
    };
    let skip = move |names: Vec<String>| {
        notice.set(Some(Notice::Done(tf(
            K::saved_import_skipped,
            &[("names", &storage::names_line(&names))],
        ))));
    };

    let row_view = move |row: SavedRow| {
        let id = row.id().to_string();
        let asking = {
            let id = id.clone();
            move || confirm.get().as_deref() == Some(id.as_str())
        };
        let confirm_box = {
            let id = id.clone();
            let asking = asking.clone();
            let what = match &row {
                SavedRow::Ready(s) => tf(K::saved_delete_question, &[("names", &s.title())]),
                SavedRow::Unreadable { .. } => t(K::saved_delete_damaged_question).to_string(),
            };
            move || {
                let id = id.clone();
                asking().then(|| {
                    view! {
                        <div class="confirm" role="alertdialog" aria-label=t(K::saved_confirm_label)>
                            <p><strong>{what.clone()}</strong>" "{t(K::saved_cannot_undo)}</p>
                            <div class="save-actions">
                                <button class="danger-button" data-testid="confirm-delete"
                                    on:click=move |_| delete(id.clone())>{t(K::saved_delete_for_good)}</button>
                                <button class="secondary" data-testid="cancel-delete"
                                    on:click=move |_| confirm.set(None)>{t(K::saved_keep)}</button>
                            </div>
                        </div>
                    }
                })
            }
        };
        let ask = {
            let id = id.clone();
            move |_| confirm.set(Some(id.clone()))
        };
        match row {
            SavedRow::Ready(s) => {
                let is_current = current.as_deref() == Some(s.id.as_str());
                let title = s.title();
                let progress = s.progress.clone();
                let updated = storage::human_date_local(s.updated_ms);
                let created = storage::human_date_local(s.created_ms);
                let open_label = t(if s.finished {
                    K::saved_view
                } else {
                    K::saved_continue
                });
                let dates = tf(
                    K::saved_dates,
                    &[("updated", &updated), ("created", &created)],
                );
                let open_id = s.id.clone();
                let review_id = s.id.clone();
                let finished = s.finished;
                view! {
                    <li class="save-row" class:finished=finished data-testid="save-row" data-id=id.clone()>
                        <div class="save-main">
                            <strong class="save-names">{title}</strong>
                            <span class="save-kind" data-testid="save-kind">{s.game_kind.name()}</span>
                            {is_current.then(|| view! { <span class="save-badge">{t(K::saved_playing_now)}</span> })}
                            <span class="save-progress">{progress}</span>
                            <span class="save-date">{dates}</span>
                        </div>
                        <div class="save-actions">
                            <button class="primary" data-testid="open-save"
                                on:click=move |_| open(open_id.clone())>{open_label}</button>
                            {on_review.filter(|_| finished).map(|review| view! {
                                <button class="secondary" data-testid="review-save"
                                    on:click=move |_| review.run(review_id.clone())>
                                    {t(crate::review::words::R::look_back_short)}
                                </button>
                            })}
                            <button class="secondary" data-testid="export-save"
                                on:click=move |_| export(s.clone())>{t(K::saved_export)}</button>
                            <button class="secondary" data-testid="delete-save" on:click=ask>{t(K::saved_delete)}</button>
                        </div>
                        {confirm_box}
                    </li>
                }
                .into_any()
            }
            SavedRow::Unreadable {
                names,
                updated_ms,
                problem,
                ..
            } => {
                let title = if names.is_empty() {
                    t(K::saved_unreadable_title).to_string()
                } else {
                    storage::names_line(&names)
                };
                let when = updated_ms.filter(|ms| *ms > 0.0).map(|ms| {
                    tf(
                        K::saved_last_played,
                        &[("date", &storage::human_date_local(ms))],
                    )
                });
                let detail = problem.detail();
                view! {
                    <li class="save-row unreadable" data-testid="save-row-unreadable" data-id=id.clone()>
                        <div class="save-main">
                            <strong class="save-names">{title}</strong>
                            {when.map(|w| view! { <span class="save-date">{w}</span> })}
                            <p class="save-problem" data-testid="save-problem">{problem.to_string()}</p>
                            {detail.map(|d| view! {
                                <details class="save-detail"><summary>{t(K::saved_details)}</summary><p>{d}</p></details>
                            })}
                        </div>
                        <div class="save-actions">
                            <button class="secondary" data-testid="delete-save" on:click=ask>{t(K::saved_delete)}</button>
                        </div>
                        {confirm_box}
                    </li>
                }
                .into_any()
            }
        }
    };

    view! {
        <section class="saved-games" data-testid="saved-games">
            <div class="screen-head">
                <h1>{t(K::saved_title)}</h1>
                <button class="secondary close-button" data-testid="saved-back"
                    on:click=move |_| on_back.run(())>{t(K::back)}</button>
            </div>
            {unavailable.map(|e| view! { <p class="notice problem" role="alert">{e.to_string()}</p> })}
            {move || notice.get().map(|n| match n {
                Notice::Done(text) => view! {
                    <p class="notice done" role="status" data-testid="saves-notice">{text}</p>
                }.into_any(),
                Notice::AlreadyHere { text, names } => {
                    let again = names.clone();
                    view! {
                        <div class="notice confirm" role="alertdialog" data-testid="import-already"
                            aria-label=t(K::saved_import_title)>
                            <p>{tf(K::saved_import_already, &[("names", &storage::names_line(&names))])}</p>
                            <div class="save-actions">
                                <button class="secondary" data-testid="import-keep-both"
                                    on:click=move |_| keep_both(text.clone())>{t(K::saved_import_keep_both)}</button>
                                <button class="primary" data-testid="import-skip"
                                    on:click=move |_| skip(again.clone())>{t(K::saved_import_skip)}</button>
                            </div>
                        </div>
                    }.into_any()
                }
                Notice::Problem { text, detail } => view! {
                    <div class="notice problem" role="alert" data-testid="saves-problem">
                        <p>{text}</p>
                        {detail.map(|d| view! {
                            <details class="save-detail"><summary>{t(K::saved_details)}</summary><p>{d}</p></details>
                        })}
                    </div>
                }.into_any(),
            })}
            {move || {
                let list = rows.get();
                if list.is_empty() {
                    view! {
                        <p class="empty-saves" data-testid="no-saves">
                            {t(K::saved_none)}
                        </p>
                    }.into_any()
                } else {
                    view! {
                        <ul class="save-list">{list.into_iter().map(&row_view).collect_view()}</ul>
                    }.into_any()
                }
            }}
            <crate::review::record::Record games=Signal::derive(move || {
                rows.with(|rows| {
                    rows.iter()
                        .filter_map(|r| match r {
                            SavedRow::Ready(s) => Some(s.clone()),
                            SavedRow::Unreadable { .. } => None,
                        })
                        .collect()
                })
            }) />
            <div class="import">
                <h2>{t(K::saved_import_title)}</h2>
                <p class="muted">{t(K::saved_import_help)}</p>
                <label class="file-button" class:busy=move || busy.get()>
                    <input type="file" accept=".json,application/json" data-testid="import-file"
                        on:change=import />
                    <span>{t(K::saved_choose_file)}</span>
                </label>
            </div>
        </section>
    }
}
