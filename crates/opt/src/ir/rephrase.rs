//! Moving IR from one representation to another: the shared
//! expressions are the same at every level, so a pass that lowers a
//! program to the next level says only what becomes of the operations
//! ([`Rephrase::op`]) and, through [`rephrase_body`], gets the rest
//! rebuilt around them with its variables, types and locations kept.

use super::build::Builder;
use super::traverse::used_in_lambda;
use super::{Body, Exp, Function, Lambda, PatElem, Program, Rep, Stm, SubExp};

/// A pass from representation `F` to `T`.
pub trait Rephrase<F: Rep, T: Rep> {
    /// Emits, into `builder`, what the statement binding `pat` to `op`
    /// becomes: statements that bind the pattern's variables. The
    /// builder's location is the statement's.
    fn op(&mut self, builder: &mut Builder<T>, pat: Vec<PatElem>, op: F::Op);

    /// Called before the body of the function called `name` is
    /// rephrased, for passes that name what they make after it.
    fn function(&mut self, _name: &str) {}
}

/// A program of representation `T` made from one of `F`: the same
/// functions (with the same numbers), entry points and variables.
pub fn rephrase_program<F: Rep, T: Rep>(
    program: Program<F>,
    pass: &mut dyn Rephrase<F, T>,
) -> Result<Program<T>, String> {
    let mut builder = Builder::continuing(&program);
    let mut functions = Vec::with_capacity(program.functions.len());
    for function in &program.functions {
        functions.push(builder.declare_function(
            &function.name,
            function.params.clone(),
            function.ret.iter().map(|(t, _)| t.clone()).collect(),
        ));
    }
    for (id, function) in functions.into_iter().zip(program.functions) {
        pass.function(&function.name);
        let body = rephrase_body(&mut builder, pass, function.body);
        builder.define_function(
            id,
            Function {
                name: function.name,
                params: function.params,
                ret: function.ret,
                body,
            },
        );
    }
    for entry in program.entry_points {
        builder.add_entry_point(entry);
    }
    builder.finish()
}

/// A body of representation `T` made from one of `F`.
pub fn rephrase_body<F: Rep, T: Rep>(
    builder: &mut Builder<T>,
    pass: &mut dyn Rephrase<F, T>,
    body: Body<F>,
) -> Body<T> {
    builder.push_scope();
    rephrase_stms(builder, pass, body.stms);
    builder.pop_scope(body.result)
}

/// Emits statements of representation `F` into `builder`'s current
/// scope, made of representation `T`.
pub fn rephrase_stms<F: Rep, T: Rep>(
    builder: &mut Builder<T>,
    pass: &mut dyn Rephrase<F, T>,
    stms: Vec<Stm<F>>,
) {
    for stm in stms {
        rephrase_stm(builder, pass, stm);
    }
}

/// A lambda of representation `T` made from one of `F`.
pub fn rephrase_lambda<F: Rep, T: Rep>(
    builder: &mut Builder<T>,
    pass: &mut dyn Rephrase<F, T>,
    lambda: Lambda<F>,
) -> Lambda<T> {
    Lambda {
        params: lambda.params,
        body: rephrase_body(builder, pass, lambda.body),
        ret: lambda.ret,
    }
}

/// Emits a lambda's body into `builder`'s current scope, made of
/// representation `T`, with each parameter bound to what `arg` makes for
/// it (given the parameter's position); arguments of parameters the
/// lambda does not use are not made. Returns the body's results.
pub fn inline_lambda<F: Rep, T: Rep>(
    builder: &mut Builder<T>,
    pass: &mut dyn Rephrase<F, T>,
    lambda: Lambda<F>,
    mut arg: impl FnMut(&mut Builder<T>, usize) -> SubExp,
) -> Vec<SubExp> {
    let used = used_in_lambda(&lambda);
    for (position, param) in lambda.params.into_iter().enumerate() {
        if !used.contains(&param.var) {
            continue;
        }
        let value = arg(builder, position);
        builder.add_stm(Stm {
            pat: vec![PatElem {
                var: param.var,
                ty: param.ty,
                mem: None,
            }],
            exp: Exp::SubExp(value),
            loc: builder.loc(),
            attrs: builder.attrs(),
        });
    }
    let Body { stms, result } = lambda.body;
    rephrase_stms(builder, pass, stms);
    result
}

fn rephrase_stm<F: Rep, T: Rep>(
    builder: &mut Builder<T>,
    pass: &mut dyn Rephrase<F, T>,
    stm: Stm<F>,
) {
    let Stm {
        pat,
        exp,
        loc,
        attrs,
    } = stm;
    let saved = builder.set_loc(loc.clone());
    let saved_attrs = builder.set_attrs(attrs.clone());
    let exp = match exp {
        Exp::Op(op) => {
            pass.op(builder, pat, op);
            builder.set_loc(saved);
            builder.set_attrs(saved_attrs);
            return;
        }
        Exp::If {
            condition,
            then_body,
            else_body,
            ret,
        } => Exp::If {
            condition,
            then_body: rephrase_body(builder, pass, then_body),
            else_body: rephrase_body(builder, pass, else_body),
            ret,
        },
        Exp::Loop { params, form, body } => Exp::Loop {
            params,
            form,
            body: rephrase_body(builder, pass, body),
        },
        Exp::SubExp(se) => Exp::SubExp(se),
        Exp::Opaque(se) => Exp::Opaque(se),
        Exp::BinOp(op, a, b) => Exp::BinOp(op, a, b),
        Exp::Cmp(op, a, b) => Exp::Cmp(op, a, b),
        Exp::UnOp(op, a) => Exp::UnOp(op, a),
        Exp::Convert(to, a) => Exp::Convert(to, a),
        Exp::PrimFn(f, args) => Exp::PrimFn(f, args),
        Exp::Call { func, args } => Exp::Call { func, args },
        Exp::Index { array, slice } => Exp::Index { array, slice },
        Exp::Update {
            array,
            slice,
            value,
        } => Exp::Update {
            array,
            slice,
            value,
        },
        Exp::ArrayLit { elements, row } => Exp::ArrayLit { elements, row },
        Exp::Iota {
            len,
            start,
            step,
            ty,
        } => Exp::Iota {
            len,
            start,
            step,
            ty,
        },
        Exp::Replicate { shape, value } => Exp::Replicate { shape, value },
        Exp::Scratch { shape, element } => Exp::Scratch { shape, element },
        Exp::Rearrange { perm, array } => Exp::Rearrange { perm, array },
        Exp::Reshape { shape, array } => Exp::Reshape { shape, array },
        Exp::Concat { arrays, width } => Exp::Concat { arrays, width },
        Exp::Copy(array) => Exp::Copy(array),
        Exp::Assert { condition, message } => Exp::Assert { condition, message },
    };
    builder.add_stm(Stm {
        pat,
        exp,
        loc,
        attrs,
    });
    builder.set_loc(saved);
    builder.set_attrs(saved_attrs);
}
