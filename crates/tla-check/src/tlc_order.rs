//! The order TLC lists a spec's variables in (`TLCState.getVarsAsStrings`, the order of
//! every printed state): SANY keeps a module's names in a `java.util.Hashtable`
//! (`Context.table`) and TLC takes the variables in the reverse of its enumeration, so the
//! order is the hash buckets', not the declarations'.

use tla_sema::ir::VarId;
use tla_sema::Spec;

/// The root module's variables in TLC's order.
pub fn variables(spec: &Spec) -> Vec<VarId> {
    let root = spec.root_module();
    let names: Vec<&str> = (root.variables.iter())
        .map(|v| spec.variables[v.index()].name.as_str())
        .collect();
    let (before, total) = root.context_len;
    (sany_variable_order(&names, before, total).into_iter())
        .map(|i| root.variables[i])
        .collect()
}

/// `String.hashCode`: `s[0]*31^(n-1) + ... + s[n-1]` over UTF-16 code units, wrapping.
pub fn string_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c)))
}

/// SANY's built-in operators, the first entries of every module's table of names.
const SANY_BUILTINS: usize = 72;

/// The order TLC lists a module's variables in (`TLCState.getVarsAsStrings`): the reverse of
/// the enumeration of SANY's `Context.table`, a `java.util.Hashtable` of all the module's
/// names. `vars` are inserted in declaration order after `before` other names (those its
/// EXTENDS bring; its own constants and definitions are counted after them, which only
/// matters for two variables of one bucket), the table holding `total` at the end (both
/// without the built-ins). A Hashtable starts with 11 buckets, grows to `2n + 1` when it
/// holds three quarters, puts a new entry at the head of its bucket, moves the entries
/// bucket by bucket from the last when it grows, and enumerates from the last bucket.
pub fn sany_variable_order(vars: &[&str], before: usize, total: usize) -> Vec<usize> {
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 11];
    let mut count = 0usize;
    let mut add = |entry: Option<usize>, buckets: &mut Vec<Vec<usize>>| {
        if count >= buckets.len() * 3 / 4 {
            let mut grown: Vec<Vec<usize>> = vec![Vec::new(); buckets.len() * 2 + 1];
            for chain in buckets.iter().rev() {
                for &v in chain {
                    let at = index(vars[v], grown.len());
                    grown[at].insert(0, v);
                }
            }
            *buckets = grown;
        }
        if let Some(v) = entry {
            let at = index(vars[v], buckets.len());
            buckets[at].insert(0, v);
        }
        count += 1;
    };
    let others = total.saturating_sub(vars.len());
    for _ in 0..SANY_BUILTINS + before.min(others) {
        add(None, &mut buckets);
    }
    for v in 0..vars.len() {
        add(Some(v), &mut buckets);
    }
    for _ in before.min(others)..others {
        add(None, &mut buckets);
    }
    let mut order: Vec<usize> = buckets.iter().rev().flatten().copied().collect();
    order.reverse();
    order
}

/// A Hashtable's bucket for a string key.
fn index(key: &str, buckets: usize) -> usize {
    (string_hash(key) & 0x7fff_ffff) as usize % buckets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_listed_as_tlc_lists_them() {
        // TLC 2026.11 on `VARIABLES x, yy, s` (EXTENDS Naturals, 3 constants, 3 definitions)
        // prints each state as yy, s, x; on `VARIABLES c, a, zz, b, alpha, beta, gamma,
        // delta, x1, x2` (EXTENDS Naturals, 4 definitions) as below, and with 46 more
        // definitions (the table past 143 entries) as the second list.
        let names = |vars: &[&'static str], order: Vec<usize>| -> Vec<&'static str> {
            order.into_iter().map(|i| vars[i]).collect()
        };
        let abc = ["x", "yy", "s"];
        assert_eq!(
            names(&abc, sany_variable_order(&abc, 12, 21)),
            ["yy", "s", "x"]
        );
        let ord = [
            "c", "a", "zz", "b", "alpha", "beta", "gamma", "delta", "x1", "x2",
        ];
        assert_eq!(
            names(&ord, sany_variable_order(&ord, 12, 26)),
            ["alpha", "zz", "gamma", "a", "b", "c", "x1", "x2", "delta", "beta"]
        );
        assert_eq!(
            names(&ord, sany_variable_order(&ord, 12, 26 + 45)),
            ["alpha", "zz", "gamma", "a", "b", "c", "x1", "x2", "delta", "beta"]
        );
        assert_eq!(
            names(&ord, sany_variable_order(&ord, 12, 26 + 46)),
            ["zz", "a", "b", "c", "gamma", "alpha", "beta", "x1", "x2", "delta"]
        );
    }
}
