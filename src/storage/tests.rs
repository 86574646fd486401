//! The store's own helpers tested natively: export layout, ids, dates and names.

use super::dates::{DAY_MS, civil_from_days, local_days, local_ms};
use super::export::indent_json;
use super::ids::to_base36;
use super::*;
use serde_json::Value;

fn store() -> Store<Memory> {
    Store::new(Memory::default())
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// An export file reads like serde_json's own pretty printing, strings that look like JSON
/// included, and empty objects and arrays stay on their line.
#[test]
fn an_export_file_is_laid_out_as_pretty_json() {
    for compact in [
        r#"{"a":[],"b":{},"c":[1,{"d":"}"}]}"#,
        r#"{"app":"camelot","n":[1,2.5,null,true],"names":["Ann {x}","Bo, \"[y]\": z\\","Cy"]}"#,
    ] {
        assert_eq!(
            indent_json(compact),
            serde_json::to_string_pretty(&serde_json::from_str::<Value>(compact).unwrap()).unwrap()
        );
    }
}

#[test]
fn ids_are_plain_and_fresh() {
    assert!(valid_id("g1a2b-3"));
    assert!(!valid_id(""));
    assert!(!valid_id("a/b"));
    assert!(!valid_id(&"x".repeat(41)));
    let st = store();
    let id = st.new_id(1_700_000_000_000.0);
    assert!(valid_id(&id));
    st.backend.set(&game_key(&id), "{}").unwrap();
    let id2 = st.new_id(1_700_000_000_000.0);
    assert_ne!(id, id2);
    assert!(valid_id(&id2));
    assert_eq!(to_base36(0), "0");
    assert_eq!(to_base36(35), "z");
    assert_eq!(to_base36(36), "10");
}

fn british(ms: f64, tz_offset_min: f64) -> impl Fn(DatePart) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    move |part| {
        let minutes = (local_ms(ms, tz_offset_min).rem_euclid(DAY_MS) / 60_000.0).floor() as u32;
        let (y, m, d) = civil_from_days(local_days(ms, tz_offset_min));
        let month = MONTHS[m as usize - 1];
        match part {
            DatePart::Time => format!("{:02}:{:02}", minutes / 60, minutes % 60),
            DatePart::DayMonth => format!("{d} {month}"),
            DatePart::DayMonthYear => format!("{d} {month} {y}"),
        }
    }
}

#[test]
fn dates_read_plainly() {
    // 2024-03-09 14:05 UTC.
    let t = 1_709_993_100_000.0;
    let date = |now: f64, tz: f64| human_date(t, now, tz, &british(t, tz));
    assert_eq!(date(t + 60_000.0, 0.0), "Today, 14:05");
    assert_eq!(date(t + DAY_MS, 0.0), "Yesterday, 14:05");
    assert_eq!(date(t + 10.0 * DAY_MS, 0.0), "9 March, 14:05");
    assert_eq!(date(t + 400.0 * DAY_MS, 0.0), "9 March 2024");
    // UTC+1 (offset −60): 15:05 local.
    assert_eq!(date(t, -60.0), "Today, 15:05");
    // UTC−15 crosses back a day.
    assert_eq!(date(t + DAY_MS, 900.0), "Yesterday, 23:05");
    assert_eq!(human_date(0.0, t, 0.0, &british(0.0, 0.0)), "Unknown date");
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    assert_eq!(
        export_file_name(&names(&["Ann", "Bo Ek", "<x>"]), t, 0.0),
        "camelot-ann-bo-ek-x-2024-03-09.json"
    );
    assert_eq!(
        export_file_name(&names(&["!!"]), t, 0.0),
        "camelot-2024-03-09.json"
    );
    assert_eq!(names_line(&names(&["A", "B"])), "A and B");
}
