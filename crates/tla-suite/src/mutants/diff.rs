//! A small line diff of one definition before and after a mutation: the common first and last
//! lines are dropped, the rest shown as `-` and `+` lines.

pub fn definition_diff(before: &str, after: &str) -> String {
    let a: Vec<&str> = before.lines().collect();
    let b: Vec<&str> = after.lines().collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut out = String::new();
    for l in &a[prefix..a.len() - suffix] {
        out.push_str(&format!("- {l}\n"));
    }
    for l in &b[prefix..b.len() - suffix] {
        out.push_str(&format!("+ {l}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn shows_only_changed_lines() {
        let d = super::definition_diff(
            "A ==\n  /\\ x < 3\n  /\\ x' = x\n",
            "A ==\n  /\\ x <= 3\n  /\\ x' = x\n",
        );
        assert_eq!(d, "-   /\\ x < 3\n+   /\\ x <= 3\n");
    }
}
