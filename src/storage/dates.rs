//! Dates in plain words ("Today, 14:05"), and the calendar arithmetic behind them (export file
//! names use it too).

use crate::i18n::{K, t, tf};

pub(super) const DAY_MS: f64 = 86_400_000.0;

/// Local milliseconds: `tz_offset_min` is JavaScript's `getTimezoneOffset()` (UTC − local).
pub(super) fn local_ms(ms: f64, tz_offset_min: f64) -> f64 {
    ms - tz_offset_min * 60_000.0
}

pub(super) fn local_days(ms: f64, tz_offset_min: f64) -> i64 {
    (local_ms(ms, tz_offset_min) / DAY_MS).floor() as i64
}

/// Days since 1970-01-01 → (year, month 1–12, day 1–31), proleptic Gregorian.
pub(super) fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// What [`human_date`] asks its writer for: the date's time of day, its day and month, or its day,
/// month and year, each in the reader's own way of writing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatePart {
    Time,
    DayMonth,
    DayMonthYear,
}

/// A date in plain words relative to `now_ms`: "Today, 14:05", "Yesterday, 09:30",
/// "9 March, 14:05" (this year), "9 March 2024" (other years). `write` writes the parts of the date
/// (the browser's `Intl` in the interface's language, see [`human_date_local`]).
pub fn human_date(
    ms: f64,
    now_ms: f64,
    tz_offset_min: f64,
    write: &dyn Fn(DatePart) -> String,
) -> String {
    if !ms.is_finite() || ms <= 0.0 {
        return t(K::storage_date_unknown).to_string();
    }
    let day = local_days(ms, tz_offset_min);
    let today = local_days(now_ms, tz_offset_min);
    let (y, _, _) = civil_from_days(day);
    let (ty, _, _) = civil_from_days(today);
    if day == today {
        tf(K::storage_date_today, &[("time", &write(DatePart::Time))])
    } else if day + 1 == today {
        tf(
            K::storage_date_yesterday,
            &[("time", &write(DatePart::Time))],
        )
    } else if y == ty {
        tf(
            K::storage_date_this_year,
            &[
                ("date", &write(DatePart::DayMonth)),
                ("time", &write(DatePart::Time)),
            ],
        )
    } else {
        write(DatePart::DayMonthYear)
    }
}
