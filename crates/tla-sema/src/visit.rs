//! Walking the direct subexpressions of a resolved expression.

use crate::ir::{ExceptStep, Expr, ExprKind};

/// Calls `f` on each direct subexpression of `e`, in source order.
pub fn for_each_child<'a>(e: &'a Expr, f: &mut impl FnMut(&'a Expr)) {
    use ExprKind::*;
    match &e.kind {
        Bool(_) | Num(_) | Decimal(_) | Str(_) | Var(_) | Const(_) | Local(_) | OpArg(_) | At => {}
        Call(_, args) | CallConst(_, args) | CallParam(_, args) | Builtin(_, args) => {
            args.iter().for_each(f)
        }
        Junction(_, items) | SetEnum(items) | Tuple(items) | Times(items) => {
            items.iter().for_each(f)
        }
        Quant(_, bounds, body) | FunCons(bounds, body) => {
            bounds.iter().for_each(|b| f(&b.set));
            f(body);
        }
        SetMap(body, bounds) => {
            f(body);
            bounds.iter().for_each(|b| f(&b.set));
        }
        UnboundedQuant(_, _, body) | TemporalQuant(_, _, body) | Let(_, body) | Dot(body, _) => {
            f(body)
        }
        Label(_, body) => f(body),
        Choose(_, _, set, body) => {
            if let Some(s) = set {
                f(s);
            }
            f(body);
        }
        If(a, b, c) => {
            f(a);
            f(b);
            f(c);
        }
        Case(arms, other) => {
            for (g, v) in arms {
                f(g);
                f(v);
            }
            if let Some(o) = other {
                f(o);
            }
        }
        SetFilter(bound, pred) => {
            f(&bound.set);
            f(pred);
        }
        Record(fields) | RecordSet(fields) => fields.iter().for_each(|(_, v)| f(v)),
        FunSet(a, b) | BoxAction(a, b) | AngleAction(a, b) | Fair(_, a, b) => {
            f(a);
            f(b);
        }
        FunApp(g, args) => {
            f(g);
            args.iter().for_each(f);
        }
        Except(base, updates) => {
            f(base);
            for u in updates {
                for step in &u.path {
                    if let ExceptStep::Index(ix) = step {
                        ix.iter().for_each(&mut *f);
                    }
                }
                f(&u.value);
            }
        }
    }
}

/// Calls `f` on each direct subexpression of `e`, mutably.
/// Whether `f` holds for every direct sub-expression of `e` (stopping at the first that fails).
pub fn all_children<'a>(e: &'a Expr, f: &mut impl FnMut(&'a Expr) -> bool) -> bool {
    let mut ok = true;
    for_each_child(e, &mut |c| {
        if ok && !f(c) {
            ok = false;
        }
    });
    ok
}

pub fn for_each_child_mut(e: &mut Expr, f: &mut impl FnMut(&mut Expr)) {
    use ExprKind::*;
    match &mut e.kind {
        Bool(_) | Num(_) | Decimal(_) | Str(_) | Var(_) | Const(_) | Local(_) | OpArg(_) | At => {}
        Call(_, args) | CallConst(_, args) | CallParam(_, args) | Builtin(_, args) => {
            args.iter_mut().for_each(f)
        }
        Junction(_, items) | SetEnum(items) | Tuple(items) | Times(items) => {
            items.iter_mut().for_each(f)
        }
        Quant(_, bounds, body) | FunCons(bounds, body) => {
            bounds.iter_mut().for_each(|b| f(&mut b.set));
            f(body);
        }
        SetMap(body, bounds) => {
            f(body);
            bounds.iter_mut().for_each(|b| f(&mut b.set));
        }
        UnboundedQuant(_, _, body) | TemporalQuant(_, _, body) | Let(_, body) | Dot(body, _) => {
            f(body)
        }
        Label(_, body) => f(body),
        Choose(_, _, set, body) => {
            if let Some(s) = set {
                f(s);
            }
            f(body);
        }
        If(a, b, c) => {
            f(a);
            f(b);
            f(c);
        }
        Case(arms, other) => {
            for (g, v) in arms {
                f(g);
                f(v);
            }
            if let Some(o) = other {
                f(o);
            }
        }
        SetFilter(bound, pred) => {
            f(&mut bound.set);
            f(pred);
        }
        Record(fields) | RecordSet(fields) => fields.iter_mut().for_each(|(_, v)| f(v)),
        FunSet(a, b) | BoxAction(a, b) | AngleAction(a, b) | Fair(_, a, b) => {
            f(a);
            f(b);
        }
        FunApp(g, args) => {
            f(g);
            args.iter_mut().for_each(f);
        }
        Except(base, updates) => {
            f(base);
            for u in updates {
                for step in &mut u.path {
                    if let ExceptStep::Index(ix) = step {
                        ix.iter_mut().for_each(&mut *f);
                    }
                }
                f(&mut u.value);
            }
        }
    }
}
