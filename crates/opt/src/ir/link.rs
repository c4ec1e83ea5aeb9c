//! Linking pieces of a program built apart into one program.
//!
//! A [`Piece`] is what one builder made on its own: functions numbered by
//! its own `FuncId`s (some only declared: another piece, named by a key,
//! defines them as its function 0), its own variables and its own
//! tuning parameters. [`link`] places the pieces reached from the roots,
//! each once, and gives the program one numbering of each: a piece's
//! variables move past those of the pieces placed before it, its calls
//! name the functions' places in the program, and its tuning parameters
//! are the program's of the same names. The pieces themselves are left as
//! they were, so that they can be kept and linked again.

use super::traverse::Renamer;
use super::{Body, EntryPoint, Exp, ExtDim, FuncId, Function, Program};
use prim::PrimFn;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::hash::Hash;
use std::sync::Arc;

/// Functions, variables and tuning parameters numbered on their own.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece<K> {
    /// The piece's functions by its `FuncId`s.
    pub functions: Vec<PieceFunction<K>>,
    /// The name hint of each of its variables.
    pub var_names: Vec<String>,
    /// Its tuning parameters' names, as its `PrimFn::Tuning` numbers them.
    pub tuning_params: Vec<String>,
    pub entry_points: Vec<EntryPoint>,
}

/// A function of a piece: defined in it, or defined by another piece
/// (its function 0).
#[derive(Debug, Clone, PartialEq)]
pub enum PieceFunction<K> {
    Defined(Function),
    External(K),
}

/// The program made of `roots` and the pieces they reach through their
/// external functions, each piece placed once (`piece_of` gives the piece
/// of a key, or the error that ends linking).
pub fn link<K, E, F>(roots: &[Arc<Piece<K>>], mut piece_of: F) -> Result<Program, E>
where
    K: Clone + Eq + Hash,
    F: FnMut(&K) -> Result<Arc<Piece<K>>, E>,
{
    let mut functions: Vec<Option<Function>> = Vec::new();
    let mut program = Program::default();
    let mut placed: FxHashMap<K, FuncId> = FxHashMap::default();
    // Each piece with the place reserved for its function 0, if another
    // piece calls it.
    let mut queue: VecDeque<(Arc<Piece<K>>, Option<FuncId>)> =
        roots.iter().map(|root| (Arc::clone(root), None)).collect();
    while let Some((piece, reserved)) = queue.pop_front() {
        let mut places = Vec::with_capacity(piece.functions.len());
        for (index, function) in piece.functions.iter().enumerate() {
            let place = match (function, reserved) {
                (PieceFunction::Defined(_), Some(place)) if index == 0 => place,
                (PieceFunction::Defined(_), _) => reserve(&mut functions),
                (PieceFunction::External(key), _) => match placed.get(key) {
                    Some(&place) => place,
                    None => {
                        let callee = piece_of(key)?;
                        let place = reserve(&mut functions);
                        placed.insert(key.clone(), place);
                        queue.push_back((callee, Some(place)));
                        place
                    }
                },
            };
            places.push(place);
        }
        let base = program.var_names.len() as u32;
        program.var_names.extend(piece.var_names.iter().cloned());
        let tuning: Vec<u32> = piece
            .tuning_params
            .iter()
            .map(|name| tuning_param(&mut program.tuning_params, name))
            .collect();
        let renumbering = Renumbering {
            vars: Renamer::offset(base),
            functions: &places,
            tuning: &tuning,
        };
        for (function, &place) in piece.functions.iter().zip(&places) {
            if let PieceFunction::Defined(function) = function {
                let mut function = function.clone();
                renumbering.function(&mut function);
                functions[place.0 as usize] = Some(function);
            }
        }
        for entry in &piece.entry_points {
            program.entry_points.push(EntryPoint {
                func: places[entry.func.0 as usize],
                ..entry.clone()
            });
        }
    }
    program.functions = functions.into_iter().flatten().collect();
    super::build::distinct_names(&mut program.functions, &program.entry_points);
    Ok(program)
}

/// A place for a function placed later.
fn reserve(functions: &mut Vec<Option<Function>>) -> FuncId {
    functions.push(None);
    FuncId(functions.len() as u32 - 1)
}

/// The number of the tuning parameter called `name` among `params`,
/// added if new.
pub(super) fn tuning_param(params: &mut Vec<String>, name: &str) -> u32 {
    let index = params.iter().position(|p| p == name).unwrap_or_else(|| {
        params.push(name.to_owned());
        params.len() - 1
    });
    index as u32
}

/// A piece's numbers to the program's.
struct Renumbering<'a> {
    vars: Renamer<'static>,
    functions: &'a [FuncId],
    tuning: &'a [u32],
}

impl Renumbering<'_> {
    fn function(&self, function: &mut Function) {
        for param in &mut function.params {
            self.vars.var(&mut param.var);
            param.map_annotations(&mut |se| self.vars.subexp(se));
        }
        for (ty, _) in &mut function.ret {
            if let super::TypeBase::Array { shape, .. } = ty {
                for dim in shape {
                    if let ExtDim::Free(se) = dim {
                        self.vars.subexp(se);
                    }
                }
            }
        }
        self.vars.body(&mut function.body);
        self.calls_and_tuning(&mut function.body);
    }

    fn calls_and_tuning(&self, body: &mut Body) {
        for stm in &mut body.stms {
            match &mut stm.exp {
                Exp::Call { func, .. } => *func = self.functions[func.0 as usize],
                Exp::PrimFn(PrimFn::Tuning(k), _) => *k = self.tuning[*k as usize],
                _ => {}
            }
            for nested in stm.exp.nested_bodies_mut() {
                self.calls_and_tuning(nested);
            }
        }
    }
}
