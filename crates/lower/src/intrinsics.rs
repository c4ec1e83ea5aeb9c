//! Lowering the compiler's intrinsics (the `intrinsics` module the prelude
//! rests on) and the built-in overloaded operators.

use super::types;
use super::{LowerError, Lowerer, Result, Sv, error};
use hir::ty::{PrimType, Ty};
use opt::ir::{Exp, Lambda, Param, ReduceOp, ScanOp, Soac, SubExp, Type, Var};
use prim::{BinOp, CmpOp, FloatFn, PrimFn, UnOp};

/// An intrinsic the lowering implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Intrinsic {
    Map,
    Reduce {
        commutative: bool,
    },
    Scan,
    Hist,
    Scatter,
    Iota,
    Concat,
    Flatten,
    Unflatten,
    Transpose,
    /// `copy` and `manifest`.
    Copy,
    Zip,
    Unzip,
    /// `flatmap f xs`: the lengths of `f`'s segments, their concatenation
    /// and `f`'s further results.
    Flatmap,
    /// `flat_index_Nd as offset n1 s1 ... nN sN`.
    FlatIndex(usize),
    /// `flat_update_Nd as offset s1 ... sN vs`.
    FlatUpdate(usize),
    /// `scatter_stream dest f xs`.
    ScatterStream,
    /// `hist_stream dest op ne f xs`.
    HistStream,
    /// `acc_write acc i v`.
    AccWrite,
    /// `jvp2 f x x'`: forward-mode differentiation.
    Jvp2,
    /// `vjp2 f x y'`: reverse-mode differentiation.
    Vjp2,
    /// `with_vjp f f' x`: `f x`, with `f'` as its reverse derivative.
    WithVjp,
    Convert(PrimType),
    Prim(PrimFn),
}

fn float_type(name: &str) -> Option<PrimType> {
    match name {
        "f16" => Some(PrimType::F16),
        "f32" => Some(PrimType::F32),
        "f64" => Some(PrimType::F64),
        _ => None,
    }
}

impl Intrinsic {
    pub(super) fn named(name: &str) -> Option<Intrinsic> {
        Some(match name {
            "map" => Intrinsic::Map,
            "reduce" => Intrinsic::Reduce { commutative: false },
            "reduce_comm" => Intrinsic::Reduce { commutative: true },
            "scan" => Intrinsic::Scan,
            "hist" => Intrinsic::Hist,
            "scatter" => Intrinsic::Scatter,
            "iota" => Intrinsic::Iota,
            "concat" => Intrinsic::Concat,
            "flatten" => Intrinsic::Flatten,
            "unflatten" => Intrinsic::Unflatten,
            "transpose" => Intrinsic::Transpose,
            "copy" | "manifest" => Intrinsic::Copy,
            "zip" => Intrinsic::Zip,
            "unzip" => Intrinsic::Unzip,
            "flatmap" => Intrinsic::Flatmap,
            "flat_index_2d" => Intrinsic::FlatIndex(2),
            "flat_index_3d" => Intrinsic::FlatIndex(3),
            "flat_index_4d" => Intrinsic::FlatIndex(4),
            "flat_update_2d" => Intrinsic::FlatUpdate(2),
            "flat_update_3d" => Intrinsic::FlatUpdate(3),
            "flat_update_4d" => Intrinsic::FlatUpdate(4),
            "scatter_stream" => Intrinsic::ScatterStream,
            "hist_stream" => Intrinsic::HistStream,
            "acc_write" => Intrinsic::AccWrite,
            "jvp2" => Intrinsic::Jvp2,
            "vjp2" => Intrinsic::Vjp2,
            "with_vjp" => Intrinsic::WithVjp,
            "mul_hi_i64" => Intrinsic::Prim(PrimFn::MulHi(PrimType::I64)),
            "mul_hi_u64" => Intrinsic::Prim(PrimFn::MulHi(PrimType::U64)),
            _ => {
                if let Some(float) = name.strip_suffix("_to_bits").and_then(float_type) {
                    return Some(Intrinsic::Prim(PrimFn::ToBits(float)));
                }
                if let Some(float) = name.strip_suffix("_from_bits").and_then(float_type) {
                    return Some(Intrinsic::Prim(PrimFn::FromBits(float)));
                }
                if let Some((from, to)) = name.split_once("_to_") {
                    let (from, to) = (PrimType::from_name(from)?, PrimType::from_name(to)?);
                    if from == PrimType::Bool || to == PrimType::Bool {
                        return None;
                    }
                    return Some(Intrinsic::Convert(to));
                }
                let (op, ty) = name.rsplit_once('_')?;
                let ty = PrimType::from_name(ty)?;
                match op {
                    "popc" => Intrinsic::Prim(PrimFn::Popc(ty)),
                    "clz" => Intrinsic::Prim(PrimFn::Clz(ty)),
                    "ctz" => Intrinsic::Prim(PrimFn::Ctz(ty)),
                    _ => {
                        let function = FloatFn::ALL.into_iter().find(|f| f.name() == op)?;
                        Intrinsic::Prim(PrimFn::Float(function, ty))
                    }
                }
            }
        })
    }

    pub(super) fn arity(self) -> usize {
        match self {
            Intrinsic::Iota
            | Intrinsic::Flatten
            | Intrinsic::Transpose
            | Intrinsic::Copy
            | Intrinsic::Unzip
            | Intrinsic::Convert(_) => 1,
            Intrinsic::Map | Intrinsic::Concat | Intrinsic::Zip | Intrinsic::Flatmap => 2,
            Intrinsic::Reduce { .. }
            | Intrinsic::Scan
            | Intrinsic::Scatter
            | Intrinsic::Unflatten => 3,
            Intrinsic::Hist | Intrinsic::HistStream => 5,
            Intrinsic::ScatterStream
            | Intrinsic::AccWrite
            | Intrinsic::Jvp2
            | Intrinsic::Vjp2
            | Intrinsic::WithVjp => 3,
            Intrinsic::FlatIndex(rank) => 2 + 2 * rank,
            Intrinsic::FlatUpdate(rank) => 3 + rank,
            Intrinsic::Prim(f) => match f {
                PrimFn::Float(function, _) => function.arity(),
                PrimFn::MulHi(_) => 2,
                _ => 1,
            },
        }
    }
}

/// The value of a size from constants and the given sizes (the values
/// at the use of the leaves of the use's type).
fn known_size(
    size: &hir::ty::Size,
    sizes: &[(hir::ty::Size, SubExp)],
    lowerer: &mut Lowerer<'_>,
) -> Option<SubExp> {
    use hir::ty::{Size, SizeOp};
    match size {
        Size::Const(n) => Some(SubExp::i64(*n as i64)),
        Size::Named(_) | Size::Unknown(_) => {
            sizes.iter().find(|(leaf, _)| leaf == size).map(|(_, v)| *v)
        }
        Size::Op(op, operands) => {
            let a = known_size(&operands.0, sizes, lowerer)?;
            let b = known_size(&operands.1, sizes, lowerer)?;
            let op = match op {
                SizeOp::Add => BinOp::Add,
                SizeOp::Sub => BinOp::Sub,
                SizeOp::Mul => BinOp::Mul,
                SizeOp::Div => BinOp::Div,
                SizeOp::Mod => BinOp::Mod,
                SizeOp::Pow => BinOp::Pow,
            };
            Some(lowerer.binop_exp(op, a, b))
        }
        Size::Var(_) | Size::Call(..) => None,
    }
}

/// The rows a SOAC maps over: their source type, its IR components, how
/// many there are, and the arrays holding them.
struct SoacInput {
    row_ty: Ty,
    row_types: Vec<Type>,
    width: SubExp,
    arrays: Vec<Var>,
}

/// The result type of a function type applied to `n` arguments.
fn applied_type(ty: &Ty, n: usize) -> Ty {
    let mut ty = ty;
    for _ in 0..n {
        match ty {
            Ty::Function { result, .. } => ty = result,
            _ => return Ty::Error,
        }
    }
    ty.clone()
}

fn dyn_parts(value: &Sv) -> Result<(&Ty, &[SubExp])> {
    match value {
        Sv::Dyn(ty, parts) => Ok((ty, parts)),
        _ => error("internal error: a function where data was expected"),
    }
}

impl Lowerer<'_> {
    fn vars(&self, parts: &[SubExp]) -> Result<Vec<Var>> {
        parts
            .iter()
            .map(|se| {
                se.as_var().ok_or_else(|| LowerError {
                    message: "internal error: a constant where an array was expected".into(),
                    loc: None,
                })
            })
            .collect()
    }

    /// Builds a lambda whose parameters have the given types.
    pub(super) fn lambda(
        &mut self,
        param_types: &[Type],
        build: impl FnOnce(&mut Self, Vec<SubExp>) -> Result<Vec<SubExp>>,
    ) -> Result<Lambda> {
        let params: Vec<Param> = param_types
            .iter()
            .map(|ty| self.builder.param("x", ty.clone(), false))
            .collect();
        self.lambda_with(params, build)
    }

    /// A lambda with these parameters.
    pub(super) fn lambda_with(
        &mut self,
        params: Vec<Param>,
        build: impl FnOnce(&mut Self, Vec<SubExp>) -> Result<Vec<SubExp>>,
    ) -> Result<Lambda> {
        let args = params.iter().map(|p| SubExp::Var(p.var)).collect();
        let body = self.sub_body(|this| build(this, args))?;
        let ret = body
            .result
            .iter()
            .map(|&se| self.builder.type_of(se))
            .collect();
        Ok(Lambda { params, body, ret })
    }

    /// The lambda of an associative operator on values of type `ty`,
    /// whose components have the given types (its results are made to
    /// have them too).
    fn operator_lambda(&mut self, op: &Sv, ty: &Ty, components: &[Type]) -> Result<Lambda> {
        let doubled: Vec<Type> = components.iter().chain(components).cloned().collect();
        let n = components.len();
        self.lambda(&doubled, |this, args| {
            let a = Sv::Dyn(ty.clone(), args[..n].to_vec());
            let b = Sv::Dyn(ty.clone(), args[n..].to_vec());
            let partial = this.apply(op.clone(), a)?;
            let result = this.apply(partial, b)?;
            let parts = this.flatten(&result)?;
            Ok(this.coerce_all(&parts, components, "Operator result of another shape"))
        })
    }

    /// Values with the shapes of the given types.
    fn coerce_all(&mut self, values: &[SubExp], types: &[Type], message: &str) -> Vec<SubExp> {
        values
            .iter()
            .zip(types)
            .map(|(&v, t)| self.builder.coerce(v, t.shape(), message))
            .collect()
    }

    /// A map lambda over the rows of `arrays`, whose results' sizes are
    /// known before it runs (see `Builder::close_map_lambda`).
    fn map_lambda(
        &mut self,
        width: SubExp,
        arrays: &[Var],
        build: impl FnOnce(&mut Self, Vec<SubExp>) -> Result<Vec<SubExp>>,
    ) -> Result<Lambda> {
        let row_types: Vec<Type> = arrays
            .iter()
            .filter_map(|&a| self.builder.type_of(SubExp::Var(a)).row())
            .collect();
        let lambda = self.lambda(&row_types, build)?;
        Ok(self.builder.close_map_lambda(width, arrays, lambda))
    }

    fn bind_exp(&mut self, hint: &str, exp: Exp) -> Vec<SubExp> {
        self.builder
            .bind(hint, exp)
            .into_iter()
            .map(SubExp::Var)
            .collect()
    }

    /// Asserts that two arrays have the same outer size.
    fn same_outer_size(&mut self, a: &Sv, b: &Sv, what: &str) -> Result<SubExp> {
        let n = self.outer_size(a)?;
        let m = self.outer_size(b)?;
        let equal = self.cmp_exp(CmpOp::Eq, n, m);
        self.builder.bind(
            "size_ok",
            Exp::Assert {
                condition: equal,
                message: vec![
                    opt::ir::ErrorPart::Text(format!("{what}: arrays of sizes ")),
                    opt::ir::ErrorPart::Value(n),
                    opt::ir::ErrorPart::Text(" and ".into()),
                    opt::ir::ErrorPart::Value(m),
                    opt::ir::ErrorPart::Text(" do not match.".into()),
                ],
            },
        );
        Ok(n)
    }

    fn cmp_exp(&mut self, op: CmpOp, a: SubExp, b: SubExp) -> SubExp {
        SubExp::Var(self.builder.bind1("c", Exp::Cmp(op, a, b)))
    }

    pub(super) fn intrinsic(
        &mut self,
        intrinsic: Intrinsic,
        ty: &Ty,
        sizes: &[(hir::ty::Size, SubExp)],
        args: Vec<Sv>,
    ) -> Result<Sv> {
        let result_ty = applied_type(ty, intrinsic.arity());
        match (intrinsic, args.as_slice()) {
            (Intrinsic::Map, [f, xs]) => {
                let SoacInput {
                    row_ty,
                    width,
                    arrays,
                    ..
                } = self.soac_input(xs)?;
                let known = self.known_row_shapes(&result_ty, sizes);
                let map = self.map_lambda(width, &arrays, |this, params| {
                    let result = this.apply(f.clone(), Sv::Dyn(row_ty.clone(), params))?;
                    let parts = this.flatten(&result)?;
                    if known.len() != parts.len() {
                        return Ok(parts);
                    }
                    Ok(parts
                        .into_iter()
                        .zip(&known)
                        .map(|(part, rows)| match rows {
                            Some(rows) if this.builder.dims(part).len() == rows.len() => this
                                .builder
                                .coerce(part, rows, "Rows of an array have different shapes"),
                            _ => part,
                        })
                        .collect())
                })?;
                let vars = self.bind_exp("map", Exp::Op(Soac::map(width, arrays, map)));
                Ok(Sv::Dyn(result_ty, vars))
            }
            (Intrinsic::Reduce { .. } | Intrinsic::Scan, [op, ne, xs]) => {
                let SoacInput {
                    row_ty,
                    row_types,
                    width,
                    arrays,
                } = self.soac_input(xs)?;
                let map = self.lambda(&row_types, |_, params| Ok(params))?;
                let lambda = self.operator_lambda(op, &row_ty, &row_types)?;
                let neutral = self.flatten(ne)?;
                let neutral = self.coerce_all(
                    &neutral,
                    &row_types,
                    "Row shape of input array does not match shape of neutral element",
                );
                let (scans, reduces) = if intrinsic == Intrinsic::Scan {
                    (vec![ScanOp { lambda, neutral }], Vec::new())
                } else {
                    (
                        Vec::new(),
                        vec![ReduceOp {
                            lambda,
                            neutral,
                            commutative: matches!(
                                intrinsic,
                                Intrinsic::Reduce { commutative: true }
                            ),
                        }],
                    )
                };
                let vars = self.bind_exp(
                    if scans.is_empty() { "reduce" } else { "scan" },
                    Exp::Op(Soac::Screma {
                        width,
                        arrays,
                        map,
                        scans,
                        reduces,
                        post: None,
                    }),
                );
                Ok(Sv::Dyn(result_ty, vars))
            }
            (Intrinsic::Hist, [dest, op, ne, is, vs]) => {
                let (dest_ty, dest_parts) = dyn_parts(dest)?;
                let row_ty = types::strip_dims(dest_ty, 1);
                let width = self.same_outer_size(is, vs, "reduce_by_index")?;
                let dests = self.vars(dest_parts)?;
                let row_types = self.row_types(&dests);
                let (indices, values) = self.written_values(
                    width,
                    is,
                    vs,
                    &row_types,
                    "Row shape of value array does not match row shape of hist target",
                )?;
                let op = self.operator_lambda(op, &row_ty, &row_types)?;
                let neutral = self.flatten(ne)?;
                let neutral = self.coerce_all(
                    &neutral,
                    &row_types,
                    "Row shape of destination array does not match shape of neutral element",
                );
                let exp = self
                    .builder
                    .hist(width, dests, op, neutral, indices, &values);
                let vars = self.bind_exp("hist", exp);
                Ok(Sv::Dyn(result_ty, vars))
            }
            (Intrinsic::Scatter, [dest, is, vs]) => {
                let width = self.same_outer_size(is, vs, "scatter")?;
                let dests = self.vars(dyn_parts(dest)?.1)?;
                let row_types = self.row_types(&dests);
                let (indices, values) = self.written_values(
                    width,
                    is,
                    vs,
                    &row_types,
                    "Row shape of value array does not match row shape of scatter target",
                )?;
                let exp = self.builder.scatter(width, &dests, indices, &values);
                let vars = self.bind_exp("scatter", exp);
                Ok(Sv::Dyn(result_ty, vars))
            }
            (Intrinsic::Iota, [n]) => {
                let [n] = self.scalar(n)?;
                let valid = self.cmp_exp(CmpOp::Le, SubExp::i64(0), n);
                self.builder.bind(
                    "iota_ok",
                    Exp::Assert {
                        condition: valid,
                        message: vec![
                            opt::ir::ErrorPart::Text("Range 0..1..<".into()),
                            opt::ir::ErrorPart::Value(n),
                            opt::ir::ErrorPart::Text(" is invalid.".into()),
                        ],
                    },
                );
                let iota = self.builder.bind1(
                    "iota",
                    Exp::Iota {
                        len: n,
                        start: SubExp::i64(0),
                        step: SubExp::i64(1),
                        ty: PrimType::I64,
                    },
                );
                Ok(Sv::Dyn(result_ty, vec![SubExp::Var(iota)]))
            }
            (Intrinsic::Concat, [xs, ys]) => {
                let xs_parts = self.vars(dyn_parts(xs)?.1)?;
                let ys_parts = self.vars(dyn_parts(ys)?.1)?;
                let parts = xs_parts
                    .iter()
                    .zip(&ys_parts)
                    .map(|(&x, &y)| self.concat(x, y))
                    .collect::<Result<_>>()?;
                Ok(Sv::Dyn(result_ty, parts))
            }
            (Intrinsic::Flatten, [xs]) => {
                let parts = self.vars(dyn_parts(xs)?.1)?;
                let mut out = Vec::new();
                for part in parts {
                    let sizes = self.builder.dims(SubExp::Var(part));
                    let outer = self.binop_exp(BinOp::Mul, sizes[0], sizes[1]);
                    let mut shape = vec![outer];
                    shape.extend(&sizes[2..]);
                    out.push(SubExp::Var(
                        self.builder
                            .bind1("flat", Exp::Reshape { shape, array: part }),
                    ));
                }
                Ok(Sv::Dyn(result_ty, out))
            }
            (Intrinsic::Unflatten, [n, m, xs]) => {
                let [n] = self.scalar(n)?;
                let [m] = self.scalar(m)?;
                let parts = self.vars(dyn_parts(xs)?.1)?;
                if let Some(&first) = parts.first() {
                    self.check_unflatten(first, n, m);
                }
                let mut out = Vec::new();
                for part in parts {
                    let sizes = self.builder.dims(SubExp::Var(part));
                    let mut shape = vec![n, m];
                    shape.extend(&sizes[1..]);
                    out.push(SubExp::Var(
                        self.builder
                            .bind1("unflat", Exp::Reshape { shape, array: part }),
                    ));
                }
                Ok(Sv::Dyn(result_ty, out))
            }
            (Intrinsic::Transpose, [xs]) => {
                let parts = self.vars(dyn_parts(xs)?.1)?;
                let mut out = Vec::new();
                for part in parts {
                    let rank = self.builder.type_of(SubExp::Var(part)).rank();
                    let mut perm: Vec<usize> = (0..rank).collect();
                    perm.swap(0, 1);
                    out.push(SubExp::Var(
                        self.builder
                            .bind1("tr", Exp::Rearrange { perm, array: part }),
                    ));
                }
                Ok(Sv::Dyn(result_ty, out))
            }
            (Intrinsic::Copy, [x]) => {
                let (_, parts) = dyn_parts(x)?;
                let out = parts
                    .iter()
                    .map(|&part| match part {
                        SubExp::Var(var) if self.builder.type_of(part).rank() > 0 => {
                            SubExp::Var(self.builder.bind1("copy", Exp::Copy(var)))
                        }
                        other => other,
                    })
                    .collect();
                Ok(Sv::Dyn(result_ty, out))
            }
            (Intrinsic::Zip, [xs, ys]) => {
                if !dyn_parts(xs)?.1.is_empty() && !dyn_parts(ys)?.1.is_empty() {
                    self.same_outer_size(xs, ys, "zip")?;
                }
                let mut parts = dyn_parts(xs)?.1.to_vec();
                parts.extend(dyn_parts(ys)?.1);
                Ok(Sv::Dyn(result_ty, parts))
            }
            (Intrinsic::Flatmap, [f, xs]) => self.flatmap(f, xs, result_ty),
            (Intrinsic::FlatIndex(_), [array, offset, dims @ ..]) => {
                let parts = self.vars(dyn_parts(array)?.1)?;
                let [offset] = self.scalar(offset)?;
                let dims = dims
                    .chunks(2)
                    .map(|pair| Ok((self.scalar(&pair[0])?[0], self.scalar(&pair[1])?[0])))
                    .collect::<Result<Vec<_>>>()?;
                let values = self.flat_index(&parts, offset, &dims)?;
                Ok(Sv::Dyn(result_ty, values))
            }
            (Intrinsic::FlatUpdate(rank), [array, offset, rest @ ..]) => {
                let parts = self.vars(dyn_parts(array)?.1)?;
                let [offset] = self.scalar(offset)?;
                let strides = rest[..rank]
                    .iter()
                    .map(|s| Ok(self.scalar(s)?[0]))
                    .collect::<Result<Vec<_>>>()?;
                let values = self.vars(dyn_parts(&rest[rank])?.1)?;
                let updated = self.flat_update(&parts, offset, &strides, &values)?;
                Ok(Sv::Dyn(dyn_parts(array)?.0.clone(), updated))
            }
            (Intrinsic::ScatterStream, [dest, f, xs]) => self.accumulate(dest, None, f, xs),
            (Intrinsic::HistStream, [dest, op, _ne, f, xs]) => {
                self.accumulate(dest, Some(op.clone()), f, xs)
            }
            (Intrinsic::AccWrite, [acc, i, v]) => self.acc_write(acc, i, v),
            (Intrinsic::Jvp2 | Intrinsic::Vjp2, [f, x, seed]) => {
                self.differentiate(intrinsic, f, x, seed, result_ty)
            }
            (Intrinsic::WithVjp, [f, f_adjoint, x]) => {
                self.with_custom_vjp(f, f_adjoint, x, result_ty)
            }
            (Intrinsic::Unzip, [xys]) => Ok(Sv::Dyn(result_ty, dyn_parts(xys)?.1.to_vec())),
            (Intrinsic::Convert(to), [x]) => {
                let [x] = self.scalar(x)?;
                let v = self.builder.bind1("conv", Exp::Convert(to, x));
                Ok(Sv::Dyn(result_ty, vec![SubExp::Var(v)]))
            }
            (Intrinsic::Prim(f), args) => {
                let scalars = args
                    .iter()
                    .map(|a| Ok(self.scalar(a)?[0]))
                    .collect::<Result<Vec<_>>>()?;
                let v = self.builder.bind1("prim", Exp::PrimFn(f, scalars));
                Ok(Sv::Dyn(result_ty, vec![SubExp::Var(v)]))
            }
            _ => error(format!(
                "internal error: intrinsic {intrinsic:?} applied wrongly"
            )),
        }
    }

    /// Upstream's check of `unflatten n m xs`: `n * m` is the length of
    /// `xs`, and neither is negative.
    /// `jvp2 f x x'` or `vjp2 f x y'`: `f` applied to `x` as a lambda,
    /// differentiated by `opt::ad`.
    fn differentiate(
        &mut self,
        intrinsic: Intrinsic,
        f: &Sv,
        x: &Sv,
        seed: &Sv,
        result_ty: Ty,
    ) -> Result<Sv> {
        let (x_ty, x_parts) = dyn_parts(x)?;
        let (x_ty, x_parts) = (x_ty.clone(), x_parts.to_vec());
        let seed = dyn_parts(seed)?.1.to_vec();
        let types: Vec<Type> = x_parts.iter().map(|&p| self.builder.type_of(p)).collect();
        // Differentiating a call needs the callee's body: the instances
        // the function calls are lowered into this piece.
        self.private_depth += 1;
        let lambda = self.lambda(&types, |this, params| {
            let result = this.apply(f.clone(), Sv::Dyn(x_ty.clone(), params))?;
            this.flatten(&result)
        });
        self.private_depth -= 1;
        let lambda = lambda?;
        let differentiated = if intrinsic == Intrinsic::Jvp2 {
            let tangents: Vec<Option<SubExp>> = seed.into_iter().map(Some).collect();
            opt::ad::jvp_apply(
                &mut self.builder,
                &mut self.derivatives,
                &lambda,
                &x_parts,
                &tangents,
            )
        } else {
            opt::ad::vjp_apply(
                &mut self.builder,
                &mut self.derivatives,
                &lambda,
                &x_parts,
                &seed,
            )
        };
        let (mut parts, derivative) = differentiated.map_err(|error| LowerError {
            message: error.message,
            loc: error.loc.or_else(|| self.builder.loc()),
        })?;
        parts.extend(derivative);
        Ok(Sv::Dyn(result_ty, parts))
    }

    fn check_unflatten(&mut self, array: Var, n: SubExp, m: SubExp) {
        use opt::ir::ErrorPart::{Text, Value};
        let size = self.builder.dims(SubExp::Var(array))[0];
        let product = self.binop_exp(BinOp::Mul, n, m);
        let fits = self.cmp_exp(CmpOp::Eq, product, size);
        let n_ok = self.cmp_exp(CmpOp::Le, SubExp::i64(0), n);
        let m_ok = self.cmp_exp(CmpOp::Le, SubExp::i64(0), m);
        let sizes_ok = self.binop_exp(BinOp::And, n_ok, m_ok);
        let ok = self.binop_exp(BinOp::And, fits, sizes_ok);
        self.builder.bind(
            "unflatten_ok",
            Exp::Assert {
                condition: ok,
                message: vec![
                    Text("Cannot unflatten array of shape [".into()),
                    Value(size),
                    Text("] to array of shape [".into()),
                    Value(n),
                    Text("][".into()),
                    Value(m),
                    Text("].".into()),
                ],
            },
        );
    }

    /// For each component of a map's result type, the sizes of its rows
    /// where the type gives them all (computed before the map).
    fn known_row_shapes(
        &mut self,
        ty: &Ty,
        sizes: &[(hir::ty::Size, SubExp)],
    ) -> Vec<Option<Vec<SubExp>>> {
        types::component_shapes(ty)
            .into_iter()
            .map(|shape| {
                shape
                    .get(1..)?
                    .iter()
                    .map(|size| known_size(size, sizes, self))
                    .collect()
            })
            .collect()
    }

    /// What a SOAC over the array value `xs` needs: its components, all
    /// of the first one's outer size.
    fn soac_input(&mut self, xs: &Sv) -> Result<SoacInput> {
        let (xs_ty, parts) = dyn_parts(xs)?;
        let row_ty = types::strip_dims(xs_ty, 1);
        let width = self.outer_size(xs)?;
        let arrays = self.outer_coerced(width, parts)?;
        Ok(SoacInput {
            row_types: self.row_types(&arrays),
            row_ty,
            width,
            arrays,
        })
    }

    /// Arrays with outer size `width` (checked where it is another
    /// operand).
    fn outer_coerced(&mut self, width: SubExp, parts: &[SubExp]) -> Result<Vec<Var>> {
        let mut arrays = Vec::with_capacity(parts.len());
        for &part in parts {
            let mut shape = self.builder.dims(part);
            if let Some(outer) = shape.first_mut() {
                *outer = width;
            }
            let coerced = self
                .builder
                .coerce(part, &shape, "Arrays of different sizes");
            arrays.push(self.var_of_part(coerced)?);
        }
        Ok(arrays)
    }

    fn var_of_part(&self, se: SubExp) -> Result<Var> {
        Ok(self.vars(&[se])?[0])
    }

    /// The types of the rows of arrays.
    fn row_types(&self, arrays: &[Var]) -> Vec<Type> {
        arrays
            .iter()
            .filter_map(|&a| self.builder.type_of(SubExp::Var(a)).row())
            .collect()
    }

    /// The indices and values a `scatter` or `hist` of `width` elements
    /// writes into destinations with rows of `rows`.
    fn written_values(
        &mut self,
        width: SubExp,
        is: &Sv,
        vs: &Sv,
        rows: &[Type],
        message: &str,
    ) -> Result<(Var, Vec<Var>)> {
        let indices = self.outer_coerced(width, dyn_parts(is)?.1)?;
        let mut values = Vec::new();
        for (&value, row) in dyn_parts(vs)?.1.iter().zip(rows) {
            let shape = row.array_of(width);
            let coerced = self.builder.coerce(value, shape.shape(), message);
            values.push(self.var_of_part(coerced)?);
        }
        Ok((indices[0], values))
    }

    /// `x ++ y` for arrays with rows of one type (the rows of `y` are
    /// checked to have the shape of `x`'s).
    fn concat(&mut self, x: Var, y: Var) -> Result<SubExp> {
        let x_dims = self.builder.dims(SubExp::Var(x));
        let y_dims = self.builder.dims(SubExp::Var(y));
        let width = self.binop_exp(BinOp::Add, x_dims[0], y_dims[0]);
        let mut target = x_dims.clone();
        target[0] = y_dims[0];
        let y = self.builder.coerce(
            SubExp::Var(y),
            &target,
            "Cannot concatenate arrays of shapes",
        );
        let y = self.var_of_part(y)?;
        Ok(SubExp::Var(self.builder.bind1(
            "concat",
            Exp::Concat {
                arrays: vec![x, y],
                width,
            },
        )))
    }

    /// Row `i` of each array.
    fn rows_at(&mut self, arrays: &[Var], i: SubExp) -> Vec<SubExp> {
        arrays
            .iter()
            .map(|&array| {
                SubExp::Var(self.builder.bind1(
                    "row",
                    Exp::Index {
                        array,
                        slice: vec![opt::ir::DimIndex::Fix(i)],
                    },
                ))
            })
            .collect()
    }

    /// `flatmap`: a map computes each segment's length and the further
    /// results; a sequential loop concatenates the segments.
    fn flatmap(&mut self, f: &Sv, xs: &Sv, result_ty: Ty) -> Result<Sv> {
        let SoacInput {
            row_ty,
            width,
            arrays,
            ..
        } = self.soac_input(xs)?;
        let elems_ty = match &result_ty {
            Ty::Record(fields) if fields.len() == 3 => fields[1].1.clone(),
            _ => return error("internal error: flatmap of the wrong type"),
        };
        let segment = |this: &mut Self, row: Vec<SubExp>| -> Result<(Sv, Sv)> {
            let result = this.apply(f.clone(), Sv::Dyn(row_ty.clone(), row))?;
            let segment = this.project(result.clone(), &hir::name::Name::new("0"))?;
            let extra = this.project(result, &hir::name::Name::new("1"))?;
            Ok((segment, extra))
        };
        let map = self.map_lambda(width, &arrays, |this, row| {
            let (segment, extra) = segment(this, row)?;
            let mut out = vec![this.outer_size(&segment)?];
            out.extend(this.flatten(&extra)?);
            Ok(out)
        })?;
        let mapped = self.bind_exp(
            "flatmap",
            Exp::Op(Soac::Screma {
                width,
                arrays: arrays.clone(),
                map,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            }),
        );
        let elem_kinds = self.components_of_ty(&elems_ty)?;
        let initial: Vec<(SubExp, bool)> = elem_kinds
            .iter()
            .map(|c| (self.blank_array(*c), false))
            .collect();
        let params = self.builder.loop_params("elems", &initial);
        let i = self.builder.new_var("i", Type::i64());
        let accumulated = params.value_vars();
        let body = self.sub_body(|this| {
            let row = this.rows_at(&arrays, SubExp::Var(i));
            let (segment, _) = segment(this, row)?;
            let segment_parts = this.flatten(&segment)?;
            let segment_vars = this.vars(&segment_parts)?;
            let accumulated = this.vars(&accumulated)?;
            let Some(&first) = accumulated.first() else {
                return Ok(Vec::new());
            };
            // Before the first segment, the elements have no shape yet.
            let count = this.builder.dims(SubExp::Var(first))[0];
            let none_yet = this.cmp_exp(CmpOp::Eq, count, SubExp::i64(0));
            let first_segment = this
                .builder
                .body(|_| segment_vars.iter().map(|&v| SubExp::Var(v)).collect());
            let appended = this.sub_body(|this| {
                accumulated
                    .iter()
                    .zip(&segment_vars)
                    .map(|(&acc, &seg)| this.concat(acc, seg))
                    .collect()
            })?;
            Ok(this.bind_if("elems", none_yet, first_segment, appended))
        })?;
        let elems = self.builder.bind_loop(
            "elems",
            params,
            opt::ir::LoopForm::For {
                var: i,
                bound: width,
            },
            body,
        );
        let mut parts = vec![mapped[0]];
        parts.extend(elems.into_iter().map(SubExp::Var));
        parts.extend(&mapped[1..]);
        Ok(Sv::Dyn(result_ty, parts))
    }

    /// An empty array of a component (every dimension zero).
    fn blank_array(&mut self, component: types::Component) -> SubExp {
        SubExp::Var(self.builder.bind1(
            "empty",
            Exp::Replicate {
                shape: vec![SubExp::i64(0); component.rank],
                value: SubExp::Const(prim::PrimValue::zero(component.element)),
            },
        ))
    }

    /// The array of `parts[offset + i1 * s1 + ... + iN * sN]` for
    /// `ik < nk`, as nested maps.
    fn flat_index(
        &mut self,
        parts: &[Var],
        offset: SubExp,
        dims: &[(SubExp, SubExp)],
    ) -> Result<Vec<SubExp>> {
        let Some(((n, stride), rest)) = dims.split_first() else {
            return Ok(parts
                .iter()
                .map(|&array| {
                    SubExp::Var(self.builder.bind1(
                        "elem",
                        Exp::Index {
                            array,
                            slice: vec![opt::ir::DimIndex::Fix(offset)],
                        },
                    ))
                })
                .collect());
        };
        let (n, stride) = (*n, *stride);
        let indices = self.builder.bind1(
            "iota",
            Exp::Iota {
                len: n,
                start: SubExp::i64(0),
                step: SubExp::i64(1),
                ty: PrimType::I64,
            },
        );
        let map = self.map_lambda(n, &[indices], |this, i| {
            let step = this.binop_exp(BinOp::Mul, i[0], stride);
            let inner_offset = this.binop_exp(BinOp::Add, offset, step);
            this.flat_index(parts, inner_offset, rest)
        })?;
        Ok(self.bind_exp(
            "flat_index",
            Exp::Op(Soac::Screma {
                width: n,
                arrays: vec![indices],
                map,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            }),
        ))
    }

    /// `parts` with `parts[offset + i1 * s1 + ...] = values[i1]...`, as a
    /// sequential loop nest over the values' dimensions.
    fn flat_update(
        &mut self,
        parts: &[Var],
        offset: SubExp,
        strides: &[SubExp],
        values: &[Var],
    ) -> Result<Vec<SubExp>> {
        let Some((&stride, rest)) = strides.split_first() else {
            return Ok(parts
                .iter()
                .zip(values)
                .map(|(&array, &value)| {
                    SubExp::Var(self.builder.bind1(
                        "upd",
                        Exp::Update {
                            array,
                            slice: vec![opt::ir::DimIndex::Fix(offset)],
                            value: SubExp::Var(value),
                        },
                    ))
                })
                .collect());
        };
        let Some(&first) = values.first() else {
            return Ok(parts.iter().map(|&p| SubExp::Var(p)).collect());
        };
        let n = self.builder.dims(SubExp::Var(first))[0];
        let inits: Vec<(SubExp, bool)> = parts.iter().map(|&p| (SubExp::Var(p), true)).collect();
        let params = self.builder.loop_params("dest", &inits);
        let dests = self.vars(&params.value_vars())?;
        let i = self.builder.new_var("i", Type::i64());
        let body = self.sub_body(|this| {
            let step = this.binop_exp(BinOp::Mul, SubExp::Var(i), stride);
            let inner_offset = this.binop_exp(BinOp::Add, offset, step);
            let rows: Vec<Var> = values
                .iter()
                .map(|&v| {
                    this.builder.bind1(
                        "row",
                        Exp::Index {
                            array: v,
                            slice: vec![opt::ir::DimIndex::Fix(SubExp::Var(i))],
                        },
                    )
                })
                .collect();
            this.flat_update(&dests, inner_offset, rest, &rows)
        })?;
        Ok(self
            .builder
            .bind_loop(
                "flat_update",
                params,
                opt::ir::LoopForm::For { var: i, bound: n },
                body,
            )
            .into_iter()
            .map(SubExp::Var)
            .collect())
    }

    /// `scatter_stream` and `hist_stream`: an accumulation whose map
    /// applies `f` to the accumulator (the destination's parts) and each
    /// element in turn; `acc_write` inside writes (or, with an operator,
    /// combines) one element.
    fn accumulate(&mut self, dest: &Sv, op: Option<Sv>, f: &Sv, xs: &Sv) -> Result<Sv> {
        let (dest_ty, dest_parts) = dyn_parts(dest)?;
        let SoacInput {
            row_ty,
            row_types,
            width,
            arrays,
        } = self.soac_input(xs)?;
        let dests = self.vars(dest_parts)?;
        let dest_types: Vec<Type> = dests
            .iter()
            .map(|&d| self.builder.type_of(SubExp::Var(d)))
            .collect();
        let mut params: Vec<Param> = dest_types
            .iter()
            .map(|ty| self.builder.param("acc", ty.clone(), true))
            .collect();
        params.extend(
            row_types
                .into_iter()
                .map(|ty| self.builder.param("x", ty, false)),
        );
        let (acc_params, row_params) = params.split_at(dests.len());
        let acc = Sv::Dyn(
            dest_ty.clone(),
            acc_params.iter().map(|p| SubExp::Var(p.var)).collect(),
        );
        let row = Sv::Dyn(
            row_ty,
            row_params.iter().map(|p| SubExp::Var(p.var)).collect(),
        );
        self.accumulation_count += 1;
        self.accumulations.push(super::Accumulation {
            id: self.accumulation_count,
            op,
        });
        let body = self.sub_body(|this| {
            let partial = this.apply(f.clone(), acc)?;
            let result = this.apply(partial, row)?;
            let parts = this.flatten(&result)?;
            Ok(this.coerce_all(&parts, &dest_types, "Accumulator of another shape"))
        });
        self.accumulations.pop();
        let map = Lambda {
            params,
            body: body?,
            ret: dest_types,
        };
        let vars = self.bind_exp(
            "acc",
            Exp::Op(Soac::Accumulate {
                width,
                arrays,
                dests,
                map,
            }),
        );
        Ok(Sv::Dyn(dest_ty.clone(), vars))
    }

    /// `acc_write acc i v`: an index out of bounds is ignored.
    fn acc_write(&mut self, acc: &Sv, i: &Sv, v: &Sv) -> Result<Sv> {
        let (acc_ty, acc_parts) = dyn_parts(acc)?;
        let acc_vars = self.vars(acc_parts)?;
        let [i] = self.scalar(i)?;
        let Some(&first) = acc_vars.first() else {
            return Ok(acc.clone());
        };
        let n = self.builder.dims(SubExp::Var(first))[0];
        let above = self.cmp_exp(CmpOp::Le, SubExp::i64(0), i);
        let below = self.cmp_exp(CmpOp::Lt, i, n);
        let in_bounds = self.binop_exp(BinOp::And, above, below);
        let op = self.accumulations.last().and_then(|a| a.op.clone());
        let then_body = self.sub_body(|this| {
            let slice = vec![opt::ir::DimIndex::Fix(i)];
            let new = match &op {
                None => v.clone(),
                Some(op) => {
                    let element_ty = types::strip_dims(acc_ty, 1);
                    let old: Vec<SubExp> = acc_vars
                        .iter()
                        .map(|&array| {
                            SubExp::Var(this.builder.bind1(
                                "old",
                                Exp::Index {
                                    array,
                                    slice: slice.clone(),
                                },
                            ))
                        })
                        .collect();
                    let partial = this.apply(op.clone(), Sv::Dyn(element_ty, old))?;
                    this.apply(partial, v.clone())?
                }
            };
            let new_parts = this.flatten(&new)?;
            Ok(acc_vars
                .iter()
                .zip(new_parts)
                .map(|(&array, value)| this.update_part(array, slice.clone(), value))
                .collect())
        })?;
        let else_body = self.builder.body(|_| acc_parts.to_vec());
        let vars = self.bind_if("acc", in_bounds, then_body, else_body);
        Ok(Sv::Dyn(acc_ty.clone(), vars))
    }

    fn components_of_ty(&self, ty: &Ty) -> Result<Vec<types::Component>> {
        types::components(ty).map_err(|m| LowerError {
            message: m,
            loc: None,
        })
    }

    fn binop_exp(&mut self, op: BinOp, a: SubExp, b: SubExp) -> SubExp {
        SubExp::Var(self.builder.bind1("t", Exp::BinOp(op, a, b)))
    }

    /// A built-in operator applied to its operands.
    pub(super) fn builtin_binop(&mut self, symbol: &str, a: Sv, b: Sv) -> Result<Sv> {
        let (ty, a_parts) = dyn_parts(&a)?;
        let (_, b_parts) = dyn_parts(&b)?;
        if let (Ty::Prim(prim), [x], [y]) = (ty, a_parts, b_parts) {
            let (x, y) = (*x, *y);
            let arith = |op| Some(op);
            let op = match symbol {
                "+" => arith(BinOp::Add),
                "-" => arith(BinOp::Sub),
                "*" => arith(BinOp::Mul),
                "/" => arith(BinOp::Div),
                "%" => arith(BinOp::Mod),
                "**" => arith(BinOp::Pow),
                "//" => arith(BinOp::Quot),
                "%%" => arith(BinOp::Rem),
                "&" | "&&" => arith(BinOp::And),
                "|" | "||" => arith(BinOp::Or),
                "^" => arith(BinOp::Xor),
                "<<" => arith(BinOp::Shl),
                ">>" => arith(BinOp::Shr),
                ">>>" => arith(BinOp::LShr),
                _ => None,
            };
            if let Some(op) = op {
                let v = self.binop_exp(op, x, y);
                return Ok(Sv::Dyn(Ty::Prim(*prim), vec![v]));
            }
            let result = match symbol {
                "==" => self.cmp_exp(CmpOp::Eq, x, y),
                "!=" => {
                    let eq = self.cmp_exp(CmpOp::Eq, x, y);
                    SubExp::Var(self.builder.bind1("ne", Exp::UnOp(UnOp::Not, eq)))
                }
                "<" => self.cmp_exp(CmpOp::Lt, x, y),
                "<=" => self.cmp_exp(CmpOp::Le, x, y),
                ">" => self.cmp_exp(CmpOp::Lt, y, x),
                ">=" => self.cmp_exp(CmpOp::Le, y, x),
                _ => return error(format!("internal error: unknown operator `{symbol}`")),
            };
            return Ok(Sv::Dyn(Ty::bool(), vec![result]));
        }
        let equal = match symbol {
            "==" | "!=" => self.equal(a_parts, b_parts)?,
            _ => {
                return error(format!(
                    "internal error: `{symbol}` on a value of type {ty}"
                ));
            }
        };
        let result = if symbol == "!=" {
            SubExp::Var(self.builder.bind1("ne", Exp::UnOp(UnOp::Not, equal)))
        } else {
            equal
        };
        Ok(Sv::Dyn(Ty::bool(), vec![result]))
    }

    /// Whether two values of one type are equal, component by component;
    /// arrays are equal if their shapes and elements are.
    fn equal(&mut self, a: &[SubExp], b: &[SubExp]) -> Result<SubExp> {
        let mut all = SubExp::bool(true);
        for (&x, &y) in a.iter().zip(b) {
            let ty = self.builder.type_of(x);
            let eq = match ty {
                Type::Prim(_) => self.cmp_exp(CmpOp::Eq, x, y),
                Type::Mem(_) => return error("internal error: comparing memory blocks"),
                Type::Array { .. } => {
                    let (xv, yv) = (self.vars(&[x])?[0], self.vars(&[y])?[0]);
                    let x_sizes = self.builder.dims(x);
                    let y_sizes = self.builder.dims(y);
                    let mut same_shape = SubExp::bool(true);
                    for (&n, &m) in x_sizes.iter().zip(&y_sizes) {
                        let eq = self.cmp_exp(CmpOp::Eq, n, m);
                        same_shape = self.binop_exp(BinOp::And, same_shape, eq);
                    }
                    let then_body = self.sub_body(|this| {
                        let mut total = SubExp::i64(1);
                        for &n in &x_sizes {
                            total = this.binop_exp(BinOp::Mul, total, n);
                        }
                        let fx = this.builder.bind1(
                            "fx",
                            Exp::Reshape {
                                shape: vec![total],
                                array: xv,
                            },
                        );
                        let fy = this.builder.bind1(
                            "fy",
                            Exp::Reshape {
                                shape: vec![total],
                                array: yv,
                            },
                        );
                        let element = Type::Prim(ty.element());
                        let map = this.lambda(&[element.clone(), element], |this, args| {
                            Ok(vec![this.cmp_exp(CmpOp::Eq, args[0], args[1])])
                        })?;
                        let and = this.lambda(&[Type::bool(), Type::bool()], |this, args| {
                            Ok(vec![this.binop_exp(BinOp::And, args[0], args[1])])
                        })?;
                        let all = this.builder.bind1(
                            "all_eq",
                            Exp::Op(Soac::Screma {
                                width: total,
                                arrays: vec![fx, fy],
                                map,
                                scans: Vec::new(),
                                reduces: vec![ReduceOp {
                                    lambda: and,
                                    neutral: vec![SubExp::bool(true)],
                                    commutative: true,
                                }],
                                post: None,
                            }),
                        );
                        Ok(vec![SubExp::Var(all)])
                    })?;
                    let else_body = self.builder.body(|_| vec![SubExp::bool(false)]);
                    self.bind_if("arr_eq", same_shape, then_body, else_body)[0]
                }
            };
            all = self.binop_exp(BinOp::And, all, eq);
        }
        Ok(all)
    }
}
