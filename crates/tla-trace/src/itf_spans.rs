//! Where each state of an ITF document starts and ends, so that an error about a state can
//! name its line and column (serde_json keeps no positions).

/// Byte spans of the elements of the top-level `"states"` array.
pub fn state_spans(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let mut last_key: Option<(usize, usize)> = None;
    let mut in_states = false;
    let mut elem_start = None;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if depth == 1 {
                    last_key = Some((start + 1, i.min(b.len())));
                }
                if in_states && depth == 2 && elem_start.is_none() {
                    elem_start = Some(start);
                }
            }
            b'{' | b'[' => {
                if depth == 1 && b[i] == b'[' {
                    in_states = last_key.is_some_and(|(s, e)| &text[s..e] == "states");
                } else if in_states && depth == 2 && elem_start.is_none() {
                    elem_start = Some(i);
                }
                depth += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if in_states && depth == 2 {
                    if let Some(s) = elem_start.take() {
                        spans.push((s, i + 1));
                    }
                }
                if depth == 1 {
                    in_states = false;
                }
            }
            b',' if in_states && depth == 2 => elem_start = None,
            _ => {}
        }
        i += 1;
    }
    spans
}
