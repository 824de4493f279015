//! One self-contained HTML page: inline style and a few lines of inline script (the variable
//! search, unfolding every value), no network, readable from a file:// URL.

mod check;
mod states;
mod suite;
mod trace;
mod value;

pub use check::{check_page, not_run_page, RunInfo};
pub use states::Labelled;
pub use suite::{suite_page, SuiteRun};
pub use trace::{trace_page, TraceRun};

use std::fmt::Write;

/// Text made safe for an element's content or a quoted attribute.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str = r#"
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:90em}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .6em;vertical-align:top;text-align:left}
table.grid td,table.grid th{border:1px solid #ddd}
.summary th{color:#555;font-weight:normal}
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}
span.held{color:#176f2c;font-weight:bold}span.failed{color:#b00020;font-weight:bold}span.couldnotrun{color:#a05a00;font-weight:bold}
tr.failed{background:#fff0f1}tr.couldnotrun{background:#fff6e8}
div.scroll{overflow-x:auto}table.grid{font-size:.9em}td pre.msg{margin:0;padding:0;background:none;max-width:40em}
ol.trace{list-style:none;padding-left:0}
li.state{border:1px solid #ccc;border-radius:4px;margin:.6em 0 .6em 2em;padding:.4em .7em;position:relative}
li.state.in-loop{border-left:4px solid #c25400}
/* The lasso: a line in the left margin from the step back up to the state it returns to,
   ending in an arrow into that state. */
li.in-loop::after,li.loop-back::after{content:"";position:absolute;left:-1.45em;top:-.7em;bottom:-.7em;border-left:3px solid #c25400}
li.loop-target::after{top:.75em;width:1.1em;border-top:3px solid #c25400;border-top-left-radius:6px}
li.loop-target::before{content:"";position:absolute;left:calc(-.55em - 4px);top:.45em;border:.4em solid transparent;border-left:.55em solid #c25400}
li.loop-back{position:relative;margin:.6em 0 .6em 2em;color:#c25400;font-weight:bold;padding:.3em .7em;border:1px dashed #c25400;border-left:4px solid #c25400;border-radius:4px}
li.loop-back::after{bottom:auto;height:1.55em;width:1.1em;border-bottom:3px solid #c25400;border-bottom-left-radius:6px}
li.loop-back a{color:#c25400}
.loop-mark{color:#c25400;font-size:.85em;font-weight:bold;margin-left:.5em}
.head{margin-bottom:.3em}.head .n{font-weight:bold}.act{font-weight:bold;color:#1a4d8f}.loc{color:#666;font-size:.85em}
.code{background:#eef4ff;border-radius:3px;padding:0 .3em;font-size:.85em}
tr.var th{font-family:ui-monospace,monospace;font-weight:normal;color:#444}
tr.var.changed{background:#fff4c2}tr.var.changed th{font-weight:bold;color:#000}
td.old{color:#8a1c1c;text-decoration:line-through}td.new{color:#0b5d1e}
tr.var.unchanged td{color:#666}
tr.parts td{padding-top:0}ul.parts{margin:0 0 .2em 0;padding-left:1em;font-size:.9em;list-style:'\25b8  '}
ul.parts .old{color:#8a1c1c}ul.parts .new{color:#0b5d1e}code.key{font-weight:bold}
details.v{display:inline-block}details.v>summary{cursor:pointer}details.v ul{margin:.1em 0 .1em 1.2em;padding-left:.6em;border-left:1px dotted #aaa;list-style:none}
.count{color:#888;font-size:.8em}
#search{padding:.3em;width:20em}
p.tools{position:sticky;top:0;background:#fff;z-index:2;padding:.4em 0;margin:0}
.hidden{display:none}body.only-changed tr.var.unchanged{display:none}
pre.msg{background:#f6f6f6;padding:.5em;white-space:pre-wrap}
"#;

/// The search shows only the variables whose name contains the text typed (every one when
/// empty); the buttons unfold or fold every value. A link can ask for both in its fragment,
/// `#search=NAME&unfold&changed`, so that a report can be opened (or shot) that way; the
/// box `changed` hides the variables a step left as they were.
const SCRIPT: &str = r#"
var box=document.getElementById('search');
function show(q){
  q=q.trim().toLowerCase();
  document.querySelectorAll('tr[data-var]').forEach(function(r){
    r.classList.toggle('hidden',q!==''&&r.dataset.var.toLowerCase().indexOf(q)<0);
  });
}
function unfold(open){
  document.querySelectorAll('details.v').forEach(function(d){d.open=open;});
}
if(box){
  box.addEventListener('input',function(e){show(e.target.value);});
  document.getElementById('unfold-all').addEventListener('click',function(){unfold(true);});
  document.getElementById('fold-all').addEventListener('click',function(){unfold(false);});
  var only=document.getElementById('changed-only');
  only.addEventListener('change',function(){document.body.classList.toggle('only-changed',only.checked);});
  location.hash.replace(/^#/,'').split('&').forEach(function(kv){
    var i=kv.indexOf('='),k=i<0?kv:kv.slice(0,i),v=i<0?'':decodeURIComponent(kv.slice(i+1));
    if(k==='search'){box.value=v;show(v);}
    if(k==='unfold'){unfold(true);}
    if(k==='changed'){only.checked=true;document.body.classList.add('only-changed');}
  });
}
"#;

/// A page being written: its title, then sections of HTML.
pub struct Page {
    title: String,
    body: String,
    search: bool,
}

impl Page {
    pub fn new(title: &str) -> Page {
        Page {
            title: title.to_string(),
            body: String::new(),
            search: false,
        }
    }

    pub fn section(&mut self, heading: &str, id: &str, html: &str) {
        let _ = write!(
            self.body,
            "<section id=\"{}\"><h2>{}</h2>\n{html}</section>\n",
            esc(id),
            esc(heading)
        );
    }

    /// The variable search box, shown once above the first counterexample.
    pub fn search_box(&mut self) {
        if !self.search {
            self.search = true;
            self.body.push_str(
                "<p class=\"tools\"><label>Show variables named <input id=\"search\" type=\"search\" placeholder=\"variable name\"></label> <button id=\"unfold-all\" type=\"button\">Unfold all values</button> <button id=\"fold-all\" type=\"button\">Fold all values</button> <label><input id=\"changed-only\" type=\"checkbox\"> only the variables a step changed</label></p>\n",
            );
        }
    }

    pub fn finish(self) -> String {
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n{}<script>{SCRIPT}</script>\n</body>\n</html>\n",
            esc(&self.title),
            esc(&self.title),
            self.body
        )
    }
}

/// A two-column table of facts (`th` the name, `td` the value, already HTML).
pub(crate) fn facts(rows: &[(&str, String)]) -> String {
    let mut out = String::from("<table class=\"summary\">\n");
    for (k, v) in rows {
        let _ = writeln!(out, "<tr><th>{}</th><td>{v}</td></tr>", esc(k));
    }
    out.push_str("</table>\n");
    out
}

/// The CSS class of a verdict word.
pub(crate) fn status_class(s: tla_suite::runner::Status) -> &'static str {
    use tla_suite::runner::Status;
    match s {
        Status::Held => "held",
        Status::Failed => "failed",
        Status::CouldNotRun => "couldnotrun",
    }
}
