//! Constructing core IR: fresh variables, statements typed as they are
//! bound (by the checker's own rule, [`result_types`]), nested bodies and
//! lambdas, and functions that may be called before they are defined.
//!
//! A misuse (an ill-typed expression) is a compiler bug; it is recorded,
//! building goes on with placeholder variables, and [`Builder::finish`]
//! returns it as an error instead of panicking.

use super::check::{TypeContext, result_types};
use super::{
    Body, EntryPoint, Exp, FuncId, Function, Lambda, Loc, Param, PatElem, Program, Stm, SubExp,
    Type, Var,
};

#[derive(Debug)]
pub struct Builder {
    var_names: Vec<String>,
    var_types: Vec<Type>,
    scopes: Vec<Vec<Stm>>,
    loc: Option<Loc>,
    signatures: Vec<(String, Vec<Type>, Vec<Type>)>,
    functions: Vec<Option<Function>>,
    entry_points: Vec<EntryPoint>,
    tuning_params: Vec<String>,
    error: Option<String>,
}

impl Default for Builder {
    fn default() -> Self {
        Builder::new()
    }
}

impl TypeContext for Builder {
    fn var_type(&self, var: Var) -> Option<Type> {
        self.var_types.get(var.0 as usize).copied()
    }

    fn signature(&self, func: FuncId) -> Option<(Vec<Type>, Vec<Type>)> {
        let (_, params, ret) = self.signatures.get(func.0 as usize)?;
        Some((params.clone(), ret.clone()))
    }
}

impl Builder {
    pub fn new() -> Builder {
        Builder {
            var_names: Vec::new(),
            var_types: Vec::new(),
            scopes: vec![Vec::new()],
            loc: None,
            signatures: Vec::new(),
            functions: Vec::new(),
            entry_points: Vec::new(),
            tuning_params: Vec::new(),
            error: None,
        }
    }

    /// Records an internal error (the first one is reported).
    pub fn internal_error(&mut self, message: String) {
        let message = match &self.loc {
            Some(loc) => format!("{loc}: {message}"),
            None => message,
        };
        self.error.get_or_insert(message);
    }

    pub fn new_var(&mut self, hint: &str, ty: Type) -> Var {
        let var = Var(self.var_names.len() as u32);
        self.var_names.push(hint.to_owned());
        self.var_types.push(ty);
        var
    }

    pub fn param(&mut self, hint: &str, ty: Type, unique: bool) -> Param {
        Param {
            var: self.new_var(hint, ty),
            ty,
            unique,
        }
    }

    pub fn type_of(&self, se: SubExp) -> Type {
        match se {
            SubExp::Const(value) => Type::Prim(value.prim_type()),
            SubExp::Var(var) => self.var_types[var.0 as usize],
        }
    }

    /// The source location of the statements bound now.
    pub fn loc(&self) -> Option<Loc> {
        self.loc.clone()
    }

    /// Sets the source location of the statements bound from now on,
    /// returning the previous one.
    pub fn set_loc(&mut self, loc: Option<Loc>) -> Option<Loc> {
        std::mem::replace(&mut self.loc, loc)
    }

    /// Binds the results of `exp` to fresh variables named `hint`.
    pub fn bind(&mut self, hint: &str, exp: Exp) -> Vec<Var> {
        match result_types(self, &exp) {
            Ok(types) => {
                let vars: Vec<Var> = types.iter().map(|&ty| self.new_var(hint, ty)).collect();
                let pat = vars
                    .iter()
                    .zip(types)
                    .map(|(&var, ty)| PatElem { var, ty })
                    .collect();
                self.add_stm(Stm {
                    pat,
                    exp,
                    loc: self.loc.clone(),
                });
                vars
            }
            Err(message) => {
                self.internal_error(message);
                Vec::new()
            }
        }
    }

    /// Binds an expression with exactly one result.
    pub fn bind1(&mut self, hint: &str, exp: Exp) -> Var {
        let vars = self.bind(hint, exp);
        match vars.as_slice() {
            [var] => *var,
            _ => {
                self.internal_error(format!("`{hint}` bound {} values, not one", vars.len()));
                self.new_var(hint, Type::i64())
            }
        }
    }

    /// Binds an expression with exactly `n` results.
    pub fn bind_n(&mut self, hint: &str, exp: Exp, n: usize, fallback: &[Type]) -> Vec<Var> {
        let vars = self.bind(hint, exp);
        if vars.len() == n {
            return vars;
        }
        self.internal_error(format!("`{hint}` bound {} values, not {n}", vars.len()));
        fallback.iter().map(|&ty| self.new_var(hint, ty)).collect()
    }

    pub fn add_stm(&mut self, stm: Stm) {
        self.scopes
            .last_mut()
            .expect("the builder always has a scope")
            .push(stm);
    }

    /// Starts a nested body.
    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    /// Ends the nested body started last.
    pub fn pop_scope(&mut self, result: Vec<SubExp>) -> Body {
        let stms = if self.scopes.len() > 1 {
            self.scopes.pop().unwrap_or_default()
        } else {
            self.internal_error("a scope was closed that was never opened".into());
            Vec::new()
        };
        Body { stms, result }
    }

    /// Builds a body in its own scope.
    pub fn body(&mut self, build: impl FnOnce(&mut Builder) -> Vec<SubExp>) -> Body {
        self.push_scope();
        let result = build(self);
        self.pop_scope(result)
    }

    /// Builds a lambda with parameters of the given types; its result
    /// types are those of the body's results.
    pub fn lambda(
        &mut self,
        param_types: &[Type],
        build: impl FnOnce(&mut Builder, &[Var]) -> Vec<SubExp>,
    ) -> Lambda {
        let params: Vec<Param> = param_types
            .iter()
            .map(|&ty| self.param("p", ty, false))
            .collect();
        let vars: Vec<Var> = params.iter().map(|p| p.var).collect();
        let body = self.body(|b| build(b, &vars));
        let ret = body.result.iter().map(|&se| self.type_of(se)).collect();
        Lambda { params, body, ret }
    }

    /// Declares a function, so that calls can be built before its body.
    pub fn declare_function(&mut self, name: &str, params: Vec<Type>, ret: Vec<Type>) -> FuncId {
        let id = FuncId(self.signatures.len() as u32);
        self.signatures.push((name.to_owned(), params, ret));
        self.functions.push(None);
        id
    }

    /// A function defined so far.
    pub fn function(&self, id: FuncId) -> Option<&Function> {
        self.functions.get(id.0 as usize)?.as_ref()
    }

    /// The name a variable was created with.
    pub fn var_name(&self, var: Var) -> &str {
        self.var_names
            .get(var.0 as usize)
            .map_or("v", String::as_str)
    }

    pub fn function_count(&self) -> usize {
        self.signatures.len()
    }

    pub fn define_function(&mut self, id: FuncId, function: Function) {
        self.functions[id.0 as usize] = Some(function);
    }

    pub fn add_entry_point(&mut self, entry: EntryPoint) {
        self.entry_points.push(entry);
    }

    /// The number of the tuning parameter called `name`, added if new.
    pub fn tuning_param(&mut self, name: &str) -> u32 {
        let index = match self.tuning_params.iter().position(|p| p == name) {
            Some(index) => index,
            None => {
                self.tuning_params.push(name.to_owned());
                self.tuning_params.len() - 1
            }
        };
        index as u32
    }

    /// The program built, or the first internal error.
    pub fn finish(self) -> Result<Program, String> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut functions = Vec::with_capacity(self.functions.len());
        for (function, (name, _, _)) in self.functions.into_iter().zip(&self.signatures) {
            functions.push(function.ok_or_else(|| format!("function `{name}` has no body"))?);
        }
        Ok(Program {
            functions,
            entry_points: self.entry_points,
            var_names: self.var_names,
            tuning_params: self.tuning_params,
        })
    }
}

/// A program whose entry point `main` is built by `build` from its
/// parameters (unique where the flag says so); `helpers` are built
/// first and may be called. For the unit tests of the IR's consumers.
#[cfg(test)]
pub(crate) fn test_program(
    params: &[(Type, bool)],
    helpers: impl FnOnce(&mut Builder),
    build: impl FnOnce(&mut Builder, &[SubExp]) -> Vec<SubExp>,
) -> Program {
    let mut b = Builder::new();
    helpers(&mut b);
    let params: Vec<_> = params
        .iter()
        .map(|&(t, unique)| b.param("p", t, unique))
        .collect();
    let args: Vec<SubExp> = params.iter().map(|p| SubExp::Var(p.var)).collect();
    let body = b.body(|b| build(b, &args));
    let ret: Vec<(Type, bool)> = body.result.iter().map(|&r| (b.type_of(r), false)).collect();
    let func = b.declare_function(
        "main",
        params.iter().map(|p| p.ty).collect(),
        ret.iter().map(|r| r.0).collect(),
    );
    b.add_entry_point(EntryPoint {
        name: "main".into(),
        func,
        params: params
            .iter()
            .map(|p| super::ExternalType::Direct(p.ty))
            .collect(),
        results: ret
            .iter()
            .map(|r| super::ExternalType::Direct(r.0))
            .collect(),
        api: Default::default(),
    });
    b.define_function(
        func,
        Function {
            name: "main".into(),
            params,
            ret,
            body,
        },
    );
    let program = b.finish().expect("a well-formed test program");
    crate::ir::check::check_program(&program).expect("a well-typed test program");
    program
}
