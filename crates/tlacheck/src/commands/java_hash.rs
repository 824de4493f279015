//! The order Java's `HashMap`/`HashSet` of strings iterates in: TLC writes some lists of
//! its trace-exploration spec (the EXTENDS lists, each state's record fields) from such sets,
//! so the order is the hash buckets', not the order the names came in.

use tla_check::tlc_order::string_hash;

/// The indices of `names` (inserted in this order, one `put` each) in the iteration order
/// of a `HashMap` with the default capacity and load factor: bucket by bucket
/// (`(h ^ h >>> 16) & (capacity - 1)`), each bucket in insertion order. The table starts at
/// 16 and doubles once it holds more than three quarters of its capacity. Repeated names
/// keep their first place.
pub fn iteration_order(names: &[&str]) -> Vec<usize> {
    let mut unique: Vec<usize> = Vec::new();
    for (i, n) in names.iter().enumerate() {
        if !unique.iter().any(|&j| names[j] == *n) {
            unique.push(i);
        }
    }
    let mut capacity = 16usize;
    while unique.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    let bucket = |i: usize| {
        let h = string_hash(names[i]) as u32;
        ((h ^ (h >> 16)) as usize) & (capacity - 1)
    };
    // A stable sort keeps insertion order within a bucket.
    unique.sort_by_key(|&i| bucket(i));
    unique
}

/// `names` in a `HashSet`'s order.
pub fn set_order<'a>(names: &[&'a str]) -> Vec<&'a str> {
    iteration_order(names)
        .into_iter()
        .map(|i| names[i])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_java_s() {
        // Java: "zz".hashCode() == 3904, "Sequences".hashCode() == 890282162.
        assert_eq!(string_hash("zz"), 3904);
        assert_eq!(string_hash("Sequences"), 890282162);
        assert_eq!(string_hash(""), 0);
    }

    #[test]
    fn sets_iterate_as_java_s() {
        // java: new HashSet<>(List.of(...)) printed, for each list below.
        assert_eq!(set_order(&["f", "r", "s", "m"]), ["r", "s", "f", "m"]);
        assert_eq!(set_order(&["zz", "a", "b", "q"]), ["zz", "a", "q", "b"]);
        assert_eq!(
            set_order(&[
                "Toolbox",
                "TLCExt",
                "Naturals",
                "Sequences",
                "TLC",
                "Abc",
                "Abc_TEConstants"
            ]),
            [
                "Abc_TEConstants",
                "Sequences",
                "TLCExt",
                "Abc",
                "Toolbox",
                "Naturals",
                "TLC"
            ]
        );
        assert_eq!(
            set_order(&["alpha", "beta", "gamma", "delta", "x1", "x2"]),
            ["alpha", "delta", "x1", "x2", "beta", "gamma"]
        );
    }
}
