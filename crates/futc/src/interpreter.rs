//! The reference interpreter as a test backend: compile to the core IR,
//! run entry points with `opt::interp`.

use crate::compile::compile_to_ir;
use crate::test_runner::{Backend, Compiled, INTERPRETER, Signature};
use opt::value::Value;
use std::path::Path;

pub struct InterpreterBackend;

struct InterpretedProgram(opt::ir::Program);

impl Backend for InterpreterBackend {
    fn name(&self) -> &str {
        INTERPRETER
    }

    fn compile(&self, path: &Path) -> Result<Box<dyn Compiled>, String> {
        Ok(InterpreterBackend::load(compile_to_ir(path)?))
    }
}

impl InterpreterBackend {
    /// `program`, ready to be interpreted.
    pub fn load(program: opt::ir::Program) -> Box<dyn Compiled> {
        Box::new(InterpretedProgram(program))
    }
}

impl Compiled for InterpretedProgram {
    fn program(&self) -> &opt::ir::Program {
        &self.0
    }

    fn signature(&self, entry: &str) -> Result<Signature, String> {
        Signature::of(&self.0, entry)
    }

    fn run(&mut self, entry: &str, args: Vec<Value>) -> Result<Vec<Value>, String> {
        opt::interp::run_entry(&self.0, entry, args).map_err(|error| error.to_string())
    }
}
