//! What the compiler makes of a document's program, shown in the editor:
//! a code lens on each entry point naming the parallel operations it runs
//! after fusion and the kernels the OpenCL back end makes of them, what
//! each SOAC call that fusion merged away went into (for hovers), and the
//! core IR at a chosen stage (the `futhark/ir` request).
//!
//! Lowering reads the server's database (so it is cancelled by an edit
//! like any query, and after an edit lowers again only the functions the
//! edit changed); the passes run on the lowered program, outside the
//! database, so that a long optimisation never holds back an edit.

use hir::{Db, FileSet, SourceFile};
use opt::ir::Program;
use opt::passes::{LevelProgram, Pipeline, continue_pipeline, optimise};
use syntax::TextRange;

/// The stages the IR can be shown at: after lowering, then the end of
/// each pipeline.
pub const STAGES: &[&str] = &[
    "lower",
    "soacs",
    "seq",
    "mc",
    "seq-mem",
    "mc-mem",
    "gpu",
    "device-mem",
];

/// An entry point of the document and where its definition is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub range: TextRange,
}

/// The program rooted at `root` lowered to the core IR with its entry
/// points, or why it cannot be: errors in its files (none is shown then:
/// the diagnostics say why), or lowering's error.
pub fn lower(db: &dyn Db, file_set: FileSet, root: SourceFile) -> Result<Program, String> {
    let program = hir::program(db, file_set, root);
    let errors = program
        .files
        .iter()
        .flat_map(|&file| hir::diagnostics::file_diagnostics(db, file_set, file))
        .filter(|d| d.is_error())
        .count();
    if errors > 0 {
        return Err(format!(
            "the program has {errors} error{}",
            if errors == 1 { "" } else { "s" }
        ));
    }
    lower::lower_program(db, file_set, root, None).map_err(|error| error.to_string())
}

/// The entry points of the program rooted at `root`, with the ranges of
/// their definitions.
pub fn entries(db: &dyn Db, root: SourceFile) -> Vec<Entry> {
    let (_, source_map) = hir::item_tree::item_tree_with_source_map(db, root);
    lower::entry_items(db, root)
        .into_iter()
        .filter_map(|(name, item)| {
            let range = source_map.items.get(item.0 as usize)?.range;
            Some(Entry {
                name: name.to_string(),
                range,
            })
        })
        .collect()
}

/// What optimisation made of a program.
#[derive(Debug, Clone, PartialEq)]
pub struct Outline {
    /// The title of each entry point's lens, by name: its parallel
    /// operations after fusion and the OpenCL back end's kernels.
    pub titles: Vec<(String, String)>,
    /// The SOAC calls fusion merged into others.
    pub fused: Vec<FusedCall>,
}

/// A call of a SOAC (or of a prelude function making one) that fusion
/// merged into another.
#[derive(Debug, Clone, PartialEq)]
pub struct FusedCall {
    /// The file of the call, as lowering names it (the file's path).
    pub file: String,
    /// Where the call is: 1-based lines and columns (bytes), the end
    /// inclusive, as in the IR's locations.
    pub start: (u32, u32),
    pub end: (u32, u32),
    /// The form of the SOAC it ended in (`redomap`, `scatter`, ...).
    pub into_form: &'static str,
    /// Where the call of that SOAC is, in the same terms.
    pub into_file: String,
    pub into_line: u32,
}

impl FusedCall {
    /// Whether the call spans the 1-based line and byte column.
    pub fn contains(&self, file: &str, line: u32, column: u32) -> bool {
        self.file == file && self.start <= (line, column) && (line, column) <= self.end
    }

    /// What a hover says of it.
    pub fn describe(&self) -> String {
        let place = if self.into_file == self.file {
            format!("line {}", self.into_line)
        } else {
            format!("{}:{}", self.into_file, self.into_line)
        };
        format!("Fused into the `{}` at {place}.", self.into_form)
    }
}

/// Of the calls spanning a place, the innermost (the latest to start).
pub fn fused_call_at<'a>(
    fused: &'a [FusedCall],
    file: &str,
    line: u32,
    column: u32,
) -> Option<&'a FusedCall> {
    fused
        .iter()
        .filter(|call| call.contains(file, line, column))
        .max_by_key(|call| (call.start, std::cmp::Reverse(call.end)))
}

/// What optimisation makes of the lowered program: the entry points'
/// lens titles and the calls fusion merged away.
pub fn outline(lowered: Program) -> Result<Outline, String> {
    let names: Vec<String> = lowered
        .entry_points
        .iter()
        .map(|e| e.name.clone())
        .collect();
    let mut soacs = lowered;
    optimise(&mut soacs).map_err(|error| error.to_string())?;
    let fused = opt::ir::metrics::fused_into(&soacs)
        .iter()
        .filter_map(|(from, into, form)| {
            let (from, into) = (from.user_site(), into.user_site());
            // A call inside the prelude that stays inside it is no call
            // of the user's.
            (!from.prelude).then(|| FusedCall {
                file: from.file.to_string(),
                start: from.start,
                end: from.end,
                into_form: form,
                into_file: into.file.to_string(),
                into_line: into.start.0,
            })
        })
        .collect();
    let soacs = LevelProgram::Soacs(soacs);
    // The kernels are what the OpenCL back end's pipeline has made once
    // sequential loops over arrays have moved into them; the memory
    // passes after that change no kernel.
    let mut device = soacs.clone();
    let passes = Pipeline::DeviceMem.passes();
    for pass in &passes[opt::passes::PIPELINE.len()..] {
        pass.run(&mut device).map_err(|error| error.to_string())?;
        if pass.name == "migrate" {
            break;
        }
    }
    let titles = names
        .into_iter()
        .map(|name| {
            let fused = soacs.entry_outline(&name).unwrap_or_default();
            let kernels = device.entry_outline(&name).unwrap_or_default();
            let title = title(&fused, &kernels);
            (name, title)
        })
        .collect();
    Ok(Outline { titles, fused })
}

/// `after fusion: redomap, map · 2 kernels: SegRed, SegMap`.
fn title(fused: &[&str], kernels: &[&str]) -> String {
    let fused = if fused.is_empty() {
        "no parallel operations".to_owned()
    } else {
        fused.join(", ")
    };
    let kernels = match kernels.len() {
        0 => "no kernels".to_owned(),
        1 => format!("1 kernel: {}", kernels[0]),
        n => format!("{n} kernels: {}", kernels.join(", ")),
    };
    format!("after fusion: {fused} · {kernels}")
}

/// The printed IR of `lowered` at `stage` (one of [`STAGES`]), with only
/// the entry point `entry` if given (and what it uses).
pub fn ir_at(lowered: Program, stage: &str, entry: Option<&str>) -> Result<String, String> {
    let mut program = lowered;
    if let Some(entry) = entry {
        if program.entry_point(entry).is_none() {
            return Err(format!("no entry point `{entry}`"));
        }
        program.entry_points.retain(|e| e.name == entry);
    }
    if stage == "lower" {
        return Ok(LevelProgram::Soacs(program).print());
    }
    let pipeline = Pipeline::named(stage)
        .ok_or_else(|| format!("no stage `{stage}`: the stages are {}", STAGES.join(", ")))?;
    optimise(&mut program).map_err(|error| error.to_string())?;
    let level = continue_pipeline(program, pipeline).map_err(|error| error.to_string())?;
    Ok(level.print())
}

#[cfg(test)]
mod tests {
    use super::title;

    #[test]
    fn titles_count_the_kernels() {
        assert_eq!(
            title(&["redomap", "map"], &["SegRed", "SegMap"]),
            "after fusion: redomap, map · 2 kernels: SegRed, SegMap"
        );
        assert_eq!(
            title(&[], &[]),
            "after fusion: no parallel operations · no kernels"
        );
        assert_eq!(
            title(&["map"], &["SegMap"]),
            "after fusion: map · 1 kernel: SegMap"
        );
    }
}
