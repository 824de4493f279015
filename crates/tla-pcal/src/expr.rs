//! TLA+ expressions as the translator keeps them: lines of tokens with columns, and for each
//! line the "anchor" token whose position the line's indentation is kept relative to
//! (pcal.trans's TLAExpr). Tokens live in an arena so an anchor names a token, not a place.

/// The kind of a token, as pcal.trans's TLAToken types (0 is its untyped default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokType {
    Untyped,
    Builtin,
    Number,
    Str,
    Ident,
    /// `pc` and `stack` added by the translator: subscripted with `[self]`.
    Added,
}

#[derive(Clone, Debug)]
pub struct Tok {
    pub s: String,
    pub col: i32,
    pub ty: TokType,
}

impl Tok {
    pub fn new(s: &str, col: i32, ty: TokType) -> Tok {
        Tok {
            s: s.to_string(),
            col,
            ty,
        }
    }
    pub fn width(&self) -> i32 {
        let n = self.s.chars().count() as i32;
        if self.ty == TokType::Str {
            n + 2
        } else {
            n
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Expr {
    toks: Vec<Tok>,
    pub lines: Vec<Vec<usize>>,
    anchors: Vec<Option<(usize, i32)>>,
}

/// A position: (line, index in line).
pub type Coord = (usize, usize);

impl Expr {
    pub fn new() -> Expr {
        Expr::default()
    }
    /// An expression of the given lines of tokens, normalized.
    pub fn from_lines(lines: Vec<Vec<Tok>>) -> Expr {
        let mut e = Expr::new();
        for l in lines {
            e.add_line();
            for t in l {
                e.add_token(t);
            }
        }
        e.normalize();
        e
    }
    pub fn single(s: &str, ty: TokType) -> Expr {
        Expr::from_lines(vec![vec![Tok::new(s, 0, ty)]])
    }
    pub fn tok(&self, i: usize) -> &Tok {
        &self.toks[i]
    }
    pub fn at(&self, c: Coord) -> &Tok {
        &self.toks[self.lines[c.0][c.1]]
    }
    pub fn add_line(&mut self) {
        self.lines.push(Vec::new());
        self.anchors.push(None);
    }
    pub fn add_token(&mut self, t: Tok) {
        self.toks.push(t);
        let i = self.toks.len() - 1;
        self.lines.last_mut().expect("a line").push(i);
    }
    pub fn add_token_offset(&mut self, mut t: Tok, offset: i32) {
        let last = self.lines.last().expect("a line");
        let mut col = offset;
        if let Some(&l) = last.last() {
            col += self.toks[l].col + self.toks[l].s.chars().count() as i32;
        }
        t.col = col;
        self.add_token(t);
    }
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
    pub fn is_one_token(&self) -> bool {
        self.lines.len() == 1 && self.lines[0].len() == 1
    }
    pub fn first_token(&self) -> &Tok {
        &self.toks[self.lines[0][0]]
    }
    /// All tokens in order.
    pub fn iter(&self) -> impl Iterator<Item = &Tok> {
        self.lines.iter().flatten().map(move |&i| &self.toks[i])
    }

    /// Drops empty lines at both ends, moves the leftmost line start to column 0 and
    /// computes each line's anchor.
    pub fn normalize(&mut self) {
        while self.lines.first().is_some_and(|l| l.is_empty()) {
            self.lines.remove(0);
            self.anchors.remove(0);
        }
        while self.lines.last().is_some_and(|l| l.is_empty()) {
            self.lines.pop();
            self.anchors.pop();
        }
        let mut min = 999_999;
        for l in &self.lines {
            if let Some(&f) = l.first() {
                min = min.min(self.toks[f].col);
            }
        }
        for l in &self.lines {
            for &t in l {
                self.toks[t].col -= min;
            }
        }
        self.anchors = vec![None; self.lines.len()];
        for i in 0..self.lines.len() {
            let Some(&first) = self.lines[i].first() else {
                continue;
            };
            let first_col = self.toks[first].col;
            let mut j = i as i64 - 1;
            while j >= 0 {
                let anc = &self.lines[j as usize];
                if !anc.is_empty() && self.toks[anc[0]].col <= first_col {
                    let mut k = 0;
                    while k + 1 < anc.len() && self.toks[anc[k + 1]].col <= first_col {
                        k += 1;
                    }
                    let t = anc[k];
                    self.anchors[i] = Some((t, self.toks[t].col));
                    break;
                }
                j -= 1;
            }
        }
    }

    /// Shifts each line by how far its anchor moved.
    pub fn renormalize(&mut self) -> Result<(), String> {
        for i in 0..self.lines.len() {
            if let Some((t, col)) = self.anchors[i] {
                let k = self.toks[t].col - col;
                self.anchors[i] = Some((t, self.toks[t].col));
                if k < 0 {
                    return Err("TLAExpr.renormalize() found anchor has moved to left.".into());
                }
                for &x in &self.lines[i] {
                    self.toks[x].col += k;
                }
            }
        }
        Ok(())
    }

    pub fn to_string_vector(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            let mut s = String::new();
            if let Some((t, col)) = self.anchors.get(i).copied().flatten() {
                spaces(&mut s, self.toks[t].col - col);
            }
            let mut last: Option<&Tok> = None;
            for &ti in line {
                let t = &self.toks[ti];
                match last {
                    None => spaces(&mut s, t.col),
                    Some(l) => spaces(&mut s, t.col - l.col - l.width()),
                }
                if t.ty == TokType::Str {
                    s.push('"');
                    s.push_str(&t.s);
                    s.push('"');
                } else {
                    s.push_str(&t.s);
                }
                last = Some(t);
            }
            out.push(s);
        }
        out
    }

    /// The expression as the AST module prints it (TLAExpr.toString), for the checksum.
    pub fn ast_string(&self) -> String {
        let mut r = String::from("<< ");
        let mut nonempty = false;
        for (i, line) in self.lines.iter().enumerate() {
            if i > 0 {
                r.push('\n');
            }
            for &ti in line {
                if nonempty {
                    r.push_str(", ");
                }
                nonempty = true;
                let t = &self.toks[ti];
                if t.ty == TokType::Str {
                    r.push_str("\"\\\"\", \"");
                    r.push_str(&t.s);
                    r.push_str("\", \"\\\"\"");
                } else if t.s == "\\/" {
                    r.push_str(&format!("\"(col{}) \\\\/\"", t.col));
                } else if t.s.starts_with('\\') {
                    r.push_str("\"\\");
                    r.push_str(&t.s);
                    r.push('"');
                } else if t.s == "/\\" {
                    r.push_str(&format!("\"(col{}) /\\\\\"", t.col));
                } else {
                    r.push('"');
                    r.push_str(&t.s);
                    r.push('"');
                }
            }
        }
        r.push_str(" >>");
        r
    }

    /// A copy with fresh anchors (cloneAndNormalize).
    pub fn clone_norm(&self) -> Expr {
        let mut e = Expr::new();
        for l in &self.lines {
            e.add_line();
            for &t in l {
                e.add_token(self.toks[t].clone());
            }
        }
        e.normalize();
        e
    }

    /// Takes `other`'s tokens into this arena; returns the index offset.
    fn import(&mut self, other: &Expr) -> usize {
        let off = self.toks.len();
        self.toks.extend(other.toks.iter().cloned());
        off
    }

    /// Puts `expr` in front, `spaces` columns before this expression's first token.
    pub fn prepend(&mut self, expr: &Expr, spaces: i32) -> Result<(), String> {
        let off = self.import(expr);
        let n = expr.lines.len();
        let mut new_lines: Vec<Vec<usize>> = Vec::new();
        for l in &expr.lines[..n - 1] {
            new_lines.push(l.iter().map(|x| x + off).collect());
        }
        let expr_line: Vec<usize> = expr.lines[n - 1].iter().map(|x| x + off).collect();
        let last = *expr_line.last().expect("token");
        let incr = self.toks[last].col + self.toks[last].width() + spaces;
        let mut this_line = self.lines[0].clone();
        for &t in &this_line {
            self.toks[t].col += incr;
        }
        let mut merged = expr_line;
        merged.append(&mut this_line);
        new_lines.push(merged);
        new_lines.extend(self.lines[1..].iter().cloned());
        let mut anchors: Vec<Option<(usize, i32)>> = Vec::new();
        for j in 0..n {
            anchors.push(
                expr.anchors
                    .get(j)
                    .copied()
                    .flatten()
                    .map(|(t, c)| (t + off, c)),
            );
        }
        for j in n..new_lines.len() {
            anchors.push(self.anchors.get(j + 1 - n).copied().flatten());
        }
        self.lines = new_lines;
        self.anchors = anchors;
        self.renormalize()
    }

    pub fn step(&self, c: Coord, incr: usize) -> Option<Coord> {
        let (mut l, mut i) = c;
        for _ in 0..incr {
            i += 1;
            if i == self.lines[l].len() {
                i = 0;
                l += 1;
                while l < self.lines.len() && self.lines[l].is_empty() {
                    l += 1;
                }
                if l == self.lines.len() {
                    return None;
                }
            }
        }
        Some((l, i))
    }

    /// The next token at or after `start` that is the identifier `id` (not a record field).
    pub fn find_next(&self, id: &str, start: Coord) -> Option<Coord> {
        if self.is_empty() {
            return None;
        }
        let mut r = Some(start);
        while let Some(c) = r {
            let t = self.at(c);
            if t.ty == TokType::Str {
                r = self.step(c, 1);
            } else if t.s == "." {
                r = self.step(c, 2);
            } else if (t.s == "[" || t.s == ",")
                && self.step(c, 2).is_some_and(|c2| {
                    let t2 = self.at(c2);
                    t2.ty != TokType::Str && (t2.s == ":" || t2.s == "|->" || t2.s == "↦")
                })
            {
                r = self.step(c, 3);
            } else if t.s == id {
                return Some(c);
            } else {
                r = self.step(c, 1);
            }
        }
        None
    }

    /// Replaces the token at `coord` by `expr` (in parentheses when `par` and it has several
    /// tokens); returns the position after the substituted tokens.
    pub fn substitute_at(
        &mut self,
        expr: &Expr,
        coord: Coord,
        par: bool,
    ) -> Result<Option<Coord>, String> {
        if self.is_one_token() {
            *self = expr.clone_norm();
            return Ok(None);
        }
        let tok_line = self.lines[coord.0].clone();
        let tok_i = tok_line[coord.1];
        let mut spaces_after = 0;
        if coord.1 + 1 < tok_line.len() {
            let next = &self.toks[tok_line[coord.1 + 1]];
            spaces_after = next.col - (self.toks[tok_i].col + self.toks[tok_i].width());
        }
        let rest: Vec<usize> = tok_line[coord.1 + 1..].to_vec();
        self.lines[coord.0].truncate(coord.1 + 1);
        let mut cur_line = coord.0;
        if expr.is_one_token() {
            let e = expr.first_token().clone();
            let t = &mut self.toks[tok_i];
            t.s = e.s;
            t.ty = e.ty;
        } else {
            let mut indent = if par { 1 } else { 0 } + self.toks[tok_i].col;
            let mut do_insert = true;
            if par {
                let t = &mut self.toks[tok_i];
                t.s = "(".into();
                t.ty = TokType::Builtin;
                do_insert = false;
            }
            let new_expr = expr.clone_norm();
            let off = self.import(&new_expr);
            for (i, eline) in new_expr.lines.iter().enumerate() {
                for &j in eline {
                    let nj = j + off;
                    self.toks[nj].col += indent;
                    if do_insert {
                        let (s, ty) = (self.toks[nj].s.clone(), self.toks[nj].ty);
                        let t = &mut self.toks[tok_i];
                        t.s = s;
                        t.ty = ty;
                        do_insert = false;
                    } else {
                        self.lines[cur_line].push(nj);
                    }
                }
                if i + 1 < new_expr.lines.len() {
                    indent = 0;
                    cur_line += 1;
                    self.lines.insert(cur_line, Vec::new());
                    let a = new_expr
                        .anchors
                        .get(i + 1)
                        .copied()
                        .flatten()
                        .map(|(t, c)| (t + off, c));
                    self.anchors.insert(cur_line, a);
                }
            }
            if par {
                let last = *self.lines[cur_line].last().expect("token");
                let col = self.toks[last].col + self.toks[last].width();
                self.toks.push(Tok::new(")", col, TokType::Builtin));
                let n = self.toks.len() - 1;
                self.lines[cur_line].push(n);
            }
        }
        let result = (cur_line, self.lines[cur_line].len() - 1);
        if !rest.is_empty() {
            let prev = *self.lines[cur_line].last().expect("token");
            let indent = self.toks[prev].col + self.toks[prev].width() + spaces_after
                - self.toks[rest[0]].col;
            for &t in &rest {
                self.toks[t].col += indent;
                self.lines[cur_line].push(t);
            }
        }
        self.renormalize()?;
        Ok(self.step(result, 1))
    }

    /// Substitutes each of `exprs` for the identifier in `strs` at the same index, all at
    /// once, left to right.
    pub fn substitute_for_all(
        &mut self,
        exprs: &[Expr],
        strs: &[String],
        par: bool,
    ) -> Result<(), String> {
        let mut next: Vec<Option<Coord>> = strs.iter().map(|s| self.find_next(s, (0, 0))).collect();
        loop {
            let mut best: Option<(usize, Coord)> = None;
            for (i, p) in next.iter().enumerate() {
                if let Some(p) = p {
                    if best.is_none_or(|(_, b)| *p < b) {
                        best = Some((i, *p));
                    }
                }
            }
            let Some((idx, pos)) = best else {
                return Ok(());
            };
            let after = self.step(pos, 1);
            let new_pos = self.substitute_at(&exprs[idx], pos, par)?;
            next[idx] = match new_pos {
                None => None,
                Some(np) => self.find_next(&strs[idx], np),
            };
            for (i, slot) in next.iter_mut().enumerate() {
                if i == idx {
                    continue;
                }
                let Some(ni) = slot.as_mut() else { continue };
                let (Some(np), Some(an)) = (new_pos, after) else {
                    continue;
                };
                if an.0 == np.0 {
                    if ni.0 == pos.0 {
                        ni.1 = (ni.1 as i64 + np.1 as i64 - an.1 as i64) as usize;
                    }
                } else if ni.0 == pos.0 {
                    ni.0 = (ni.0 as i64 + np.0 as i64 - an.0 as i64) as usize;
                    ni.1 = (ni.1 as i64 + np.1 as i64 - an.1 as i64) as usize;
                } else {
                    ni.0 = (ni.0 as i64 + np.0 as i64 - an.0 as i64) as usize;
                }
            }
        }
    }

    /// Removes the first token of the first line (then normalizes).
    pub fn remove_first(&mut self) {
        if !self.lines.is_empty() && !self.lines[0].is_empty() {
            self.lines[0].remove(0);
        }
        self.normalize();
    }
}

pub fn spaces(s: &mut String, n: i32) {
    for _ in 0..n.max(0) {
        s.push(' ');
    }
}

pub fn nspaces(n: usize) -> String {
    " ".repeat(n)
}
