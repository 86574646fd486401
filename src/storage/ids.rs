//! Saved games' ids, and the hash that tells whether a stored text changed.

/// Longest id we accept (ids become part of a storage key and a file name).
const ID_MAX: usize = 40;

/// Ids are short and plain, since they become part of a storage key and a file name.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= ID_MAX
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// An id made from `now_ms` that `taken` does not already hold.
pub fn fresh_id(now_ms: f64, taken: impl Fn(&str) -> bool) -> String {
    let base = format!("g{}", to_base36(now_ms.max(0.0) as u64));
    if !taken(&base) {
        return base;
    }
    (2u32..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken(id))
        .expect("some suffix is free")
}

pub(super) fn to_base36(mut n: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

/// FNV-1a, 64 bits: enough to tell whether a stored text changed since its summary was made.
pub(super) fn text_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}-{}", text.len())
}
