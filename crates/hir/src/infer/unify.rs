//! Unification of types with constrained type variables.
//!
//! A variable may carry a constraint that whatever it becomes must meet:
//! one of some primitive types (numeric literals, overloaded operators), a
//! record with at least some fields (projections), a sum with at least
//! some constructors, or a type with equality. Unifying two variables
//! merges their constraints; binding a variable checks its constraint.

use crate::name::Name;
use crate::ty::{PrimType, Size, Ty, TyVar, TypeArg, field_order, tuple_arity};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    None,
    /// One of these primitive types.
    Prims(Vec<PrimType>),
    /// A record with at least these fields.
    Fields(Vec<(Name, Ty)>),
    /// A sum type with at least these constructors.
    Constructors(Vec<(Name, Vec<Ty>)>),
    /// A type whose values can be compared with `==`.
    Equality,
    /// A type that is not a function and contains none (an unlifted type
    /// parameter, an array element).
    Unlifted,
}

#[derive(Debug, Clone)]
enum VarState {
    Unbound(Constraint),
    Bound(Ty),
}

/// Why two types do not unify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    Types,
    /// Records whose fields differ: the fields only one side has.
    UnsharedFields(Vec<Name>),
    /// Tuples of different lengths.
    TupleLengths(usize, usize),
    /// A type that lacks fields a record is known to have (`needed`).
    RecordFields {
        needed: Vec<(Name, Ty)>,
        actual: Ty,
    },
    /// Sum types whose constructors differ: those only one side has.
    UnsharedConstructors(Vec<Name>),
    /// A constructor with different numbers of payloads on the two sides.
    ConstructorArity(Name, Vec<Ty>, Vec<Ty>),
    /// A type that lacks constructors a sum type is known to have.
    SumConstructors {
        needed: Vec<(Name, Vec<Ty>)>,
        actual: Ty,
    },
    /// Two type variables with constraints no type meets both of.
    Constraints(Constraint, Constraint),
    /// A type is not one of the primitive types allowed.
    NotOneOf(Vec<PrimType>, Option<Ty>),
    /// A function type where equality is needed.
    NoEquality,
    /// A function type where a non-functional type is needed.
    Functional,
    /// Sizes differ.
    Sizes(Size, Size),
    /// The type would contain itself.
    Infinite,
    /// A size variable would stand for this size, which is computed from
    /// the variable itself.
    OccursSize(Size),
    /// A function's result size is its parameter's value, where the
    /// parameter has no name.
    DependentResult(Name),
    /// A mismatch inside the types of a record field (a tuple element).
    InField(Name, Box<Mismatch>),
    /// A mismatch inside the payload types of a constructor.
    InConstructor(Name, Box<Mismatch>),
}

/// A scope inference has left: the [`Table::mark`]s at its start and end.
pub type ExitedScope = ((usize, usize), (usize, usize));

/// See [`Table::scope_start`].
pub type ScopeStart = ((usize, usize), usize);

impl Table {
    /// Unifies two types whose array sizes may differ (`e :> t`), binding
    /// no size.
    pub fn unify_except_sizes(&mut self, a: &Ty, b: &Ty) -> Result<(), Mismatch> {
        self.sizes_may_differ = true;
        let unified = self.unify(a, b);
        self.sizes_may_differ = false;
        unified
    }
}

#[derive(Debug, Default)]
pub struct Table {
    vars: Vec<VarState>,
    /// Bindings of size variables (`Size::Var`).
    size_vars: Vec<Option<Size>>,
    /// Existential sizes given a name by `let [n] ...`.
    named_unknowns: Vec<(u32, Size)>,
    next_unknown: u32,
    /// While set, array sizes need not match (see [`Table::join`]).
    sizes_may_differ: bool,
    /// Variables bound or constrained, in order (type variable?, index),
    /// for [`Table::escaping`].
    touched: Vec<(bool, u32)>,
    /// Where existential sizes came from, for messages.
    origins: Vec<(u32, UnknownOrigin)>,
    /// The two sizes an existential size replaced where values of
    /// different sizes flowed to one place (branches, loops).
    joined_sizes: Vec<(u32, (Size, Size))>,
    /// The size variables made by [`Table::fresh_result_size_var`].
    result_size_vars: Vec<u32>,
    /// Whether existential sizes unify with every size: module-level
    /// comparisons, which do not track where sizes come from.
    lax_unknowns: bool,
    /// Size names that existential sizes do not equal even where they are
    /// lax: values a module type specifies, which the sizes of a matching
    /// module's values must name (see [`Table::rigid_size_names`]).
    rigid_names: Vec<Name>,
    /// Sizes given by expressions (see [`Table::expression_size`]): the
    /// existential size, the expression's form, the names it uses, and
    /// the expression as written, which names the size in messages.
    expression_sizes: Vec<(u32, Option<String>, Vec<Name>, String)>,
    /// Size variables of loop parameters, which branches and loops inside
    /// the loop do not bind (see [`Table::keep_from_joins`]).
    kept_from_joins: Vec<u32>,
}

/// What made an existential size, as told in a mismatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownOrigin {
    Range,
    Slice,
    Conditional,
    Loop,
    Call,
    /// A size given by an expression that sizes cannot express (`f x`,
    /// `xs[f i:]`): equal only to the size of the same expression.
    Expression,
}

impl UnknownOrigin {
    pub fn description(self) -> &'static str {
        match self {
            UnknownOrigin::Range => "is unknown length of range",
            UnknownOrigin::Slice => "is size produced by slice",
            UnknownOrigin::Conditional => "is unknown due to conditional expression",
            UnknownOrigin::Loop => "is unknown size of value returned by loop",
            UnknownOrigin::Call => "is unknown size returned by function",
            UnknownOrigin::Expression => "is given by an expression",
        }
    }
}

impl Table {
    pub fn fresh(&mut self) -> Ty {
        self.fresh_constrained(Constraint::None)
    }

    pub fn fresh_constrained(&mut self, constraint: Constraint) -> Ty {
        let var = TyVar(self.vars.len() as u32);
        self.vars.push(VarState::Unbound(constraint));
        Ty::Var(var)
    }

    /// A size to be determined by unification.
    pub fn fresh_size_var(&mut self) -> Size {
        self.size_vars.push(None);
        Size::Var(self.size_vars.len() as u32 - 1)
    }

    /// A size to be determined by unification that stands for the
    /// anonymous result size of a written function type (`() -> []i32`).
    /// Each application of such a function makes a new size, so the
    /// variable is not one size: it is exempt from the occurs check
    /// (`p () ++ p ()` has two sizes, not twice one).
    pub fn fresh_result_size_var(&mut self) -> Size {
        let size = self.fresh_size_var();
        if let Size::Var(v) = size {
            self.result_size_vars.push(v);
        }
        size
    }

    /// A table for comparing module-level types, where existential sizes
    /// may equal any size.
    pub fn with_lax_unknowns() -> Table {
        Table {
            lax_unknowns: true,
            ..Table::default()
        }
    }

    /// Makes sizes named by `names` (values a module type specifies, named
    /// as sizes in its specifications) equal to no existential size: a
    /// module's value whose size nobody knows does not have the size of
    /// one of its values.
    pub fn rigid_size_names(&mut self, names: Vec<Name>) {
        self.rigid_names = names;
    }

    /// Whether a size names one of [`Table::rigid_size_names`].
    fn names_rigid(&self, size: &Size) -> bool {
        !size
            .all_leaves(&mut |leaf| !matches!(leaf, Size::Named(n) if self.rigid_names.contains(n)))
    }

    /// A new existential size, different from every other size.
    pub fn fresh_unknown(&mut self) -> Size {
        self.next_unknown += 1;
        Size::Unknown(self.next_unknown)
    }

    /// How many existential sizes were made (the last one's number).
    pub fn unknowns_made(&self) -> u32 {
        self.next_unknown
    }

    /// A new existential size made by `origin`.
    pub fn fresh_unknown_from(&mut self, origin: UnknownOrigin) -> Size {
        let size = self.fresh_unknown();
        self.origins.push((self.next_unknown, origin));
        size
    }

    /// A new existential size made by `origin` where values of the sizes
    /// `a` and `b` flow to one place.
    pub fn fresh_joined_unknown(&mut self, origin: UnknownOrigin, a: Size, b: Size) -> Size {
        let size = self.fresh_unknown_from(origin);
        self.joined_sizes.push((self.next_unknown, (a, b)));
        size
    }

    /// Where an existential size came from, for messages: what made it
    /// and, if it replaced two differing sizes, which.
    pub fn describe_unknown(&self, size: &Size) -> Option<String> {
        let origin = self.origin(size)?;
        let joined = match size {
            Size::Unknown(id) => self.joined_sizes.iter().find(|(i, _)| i == id),
            _ => None,
        };
        let description = origin.description();
        Some(match (joined, origin) {
            (Some((_, (a, b))), UnknownOrigin::Loop) => format!(
                "{description}: its size is [{}] before the loop and [{}] after an iteration",
                self.shown_size(a).text(),
                self.shown_size(b).text()
            ),
            (Some((_, (a, b))), _) => format!(
                "{description}: one branch has size [{}], the other [{}]",
                self.shown_size(a).text(),
                self.shown_size(b).text()
            ),
            (None, _) => description.to_string(),
        })
    }

    /// Whether the existential size `id` may equal any size: in module-level
    /// comparisons, and for sizes this table did not make (written in
    /// module-level types, whose existential sizes are not tracked).
    pub fn is_lax(&self, id: u32) -> bool {
        self.lax_unknowns || id == 0 || id > self.next_unknown
    }

    /// The size of an expression of the form `key` using `names`: the
    /// same form gives the same size. (Expressions of no form compared
    /// each get a size of their own.) `text` is the expression as
    /// messages show it.
    pub fn expression_size(&mut self, key: Option<String>, names: Vec<Name>, text: String) -> Size {
        if let Some(key) = &key
            && let Some((id, ..)) = self
                .expression_sizes
                .iter()
                .find(|(_, k, ..)| k.as_ref() == Some(key))
        {
            return Size::Unknown(*id);
        }
        let size = self.fresh_unknown_from(UnknownOrigin::Expression);
        self.expression_sizes
            .push((self.next_unknown, key, names, text));
        size
    }

    /// Keeps the size variable `var` of a loop parameter from being bound
    /// where values of different sizes join (branches, inner loops): a
    /// size that differs there is the loop's variant size, and binding it
    /// to a name bound inside the body would let that name escape.
    pub fn keep_from_joins(&mut self, var: u32) {
        self.kept_from_joins.push(var);
    }

    /// Whether a variable made before `mark` has come to depend on the size
    /// variable `var` (a loop-variant size escaping its loop).
    pub fn size_var_escapes(&self, mark: (usize, usize), var: u32) -> bool {
        let mentions_var = |size: &Size| !size.all_leaves(&mut |leaf| leaf != &Size::Var(var));
        let sizes = (0..mark.1.min(self.size_vars.len()) as u32)
            .any(|w| w != var && mentions_var(&self.resolve_size(&Size::Var(w))));
        sizes
            || (0..mark.0.min(self.vars.len())).any(|t| match &self.vars[t] {
                VarState::Bound(ty) => {
                    let mut found = false;
                    self.resolve(ty).visit_sizes(&mut |size, _| {
                        found |= mentions_var(size);
                    });
                    found
                }
                VarState::Unbound(_) => false,
            })
    }

    /// Whether a size is, or is computed from, the size of an expression.
    fn mentions_expression_size(&self, size: &Size) -> bool {
        !size.all_leaves(
            &mut |leaf| !matches!(leaf, Size::Unknown(id) if self.expression_names(*id).is_some()),
        )
    }

    /// The names the expression giving the existential size `id` uses, if
    /// an expression gave it.
    pub fn expression_names(&self, id: u32) -> Option<&[Name]> {
        self.expression_sizes
            .iter()
            .find(|(i, ..)| *i == id)
            .map(|(_, _, names, _)| names.as_slice())
    }

    /// The size as messages show it: resolved, with each existential size
    /// an expression gave named by that expression (upstream names such
    /// sizes so), parenthesised inside a computed size where it is not a
    /// single name.
    pub fn shown_size(&self, size: &Size) -> Size {
        let size = self.resolve_size(size);
        let composite = matches!(size, Size::Op(..) | Size::Call(..));
        size.map_leaves(&mut |leaf| {
            let text = match leaf {
                Size::Unknown(id) => self
                    .expression_sizes
                    .iter()
                    .find(|(i, ..)| i == id)
                    .map(|(.., text)| text),
                _ => None,
            };
            match text {
                Some(text) if composite && text.contains(' ') => {
                    Size::Named(Name::new(&format!("({text})")))
                }
                Some(text) => Size::Named(Name::new(text)),
                None => leaf.clone(),
            }
        })
    }

    /// Whether messages name the size by the expression that gave it (see
    /// [`Table::shown_size`]).
    pub fn is_named_by_expression(&self, size: &Size) -> bool {
        matches!(self.resolve_size(size), Size::Unknown(id) if self.expression_names(id).is_some())
    }

    /// What made an existential size, if known.
    pub fn origin(&self, size: &Size) -> Option<UnknownOrigin> {
        match size {
            Size::Unknown(id) => self
                .origins
                .iter()
                .find(|(i, _)| i == id)
                .map(|(_, origin)| *origin),
            _ => None,
        }
    }

    /// Follows the bindings of size variables, and the names given to
    /// existential sizes.
    pub fn resolve_size(&self, size: &Size) -> Size {
        let mut size = size.clone();
        loop {
            match size {
                Size::Var(v) => match self.size_vars.get(v as usize).cloned().flatten() {
                    Some(bound) => size = bound,
                    None => return Size::Var(v),
                },
                Size::Unknown(id) => {
                    return self
                        .named_unknowns
                        .iter()
                        .find(|(i, _)| *i == id)
                        .map_or(Size::Unknown(id), |(_, named)| named.clone());
                }
                Size::Op(op, operands) => {
                    return Size::Op(
                        op,
                        Box::new((
                            self.resolve_size(&operands.0),
                            self.resolve_size(&operands.1),
                        )),
                    );
                }
                Size::Call(function, args) => {
                    return Size::Call(
                        function,
                        args.iter().map(|arg| self.resolve_size(arg)).collect(),
                    );
                }
                other => return other,
            }
        }
    }

    /// Binds a size name to what a size variable became: `let [n] p = e`
    /// names the size `e` has.
    pub fn name_size(&mut self, var: &Size, name: Size) {
        match self.resolve_size(var) {
            // A size no one can compare stays one.
            Size::Unknown(0) => {}
            Size::Unknown(id) => self.named_unknowns.push((id, name)),
            Size::Var(v) => {
                self.size_vars[v as usize] = Some(name);
                self.touched.push((false, v));
            }
            _ => {}
        }
    }

    fn unify_sizes(&mut self, a: &Size, b: &Size) -> Result<(), Mismatch> {
        let a = self.resolve_size(a);
        let b = self.resolve_size(b);
        match (&a, &b) {
            _ if a == b => Ok(()),
            (Size::Var(v), other) | (other, Size::Var(v)) => {
                // A variable never stands for a size computed from itself
                // (`n` and `n + n`): upstream's occurs check.
                if !other.all_leaves(&mut |leaf| leaf != &Size::Var(*v)) {
                    // Module-level comparisons do not track sizes that
                    // differ per use, as of abstract size-lifted types.
                    if self.lax_unknowns || self.result_size_vars.contains(v) {
                        return Ok(());
                    }
                    return Err(Mismatch::OccursSize(other.clone()));
                }
                self.size_vars[*v as usize] = Some(other.clone());
                self.touched.push((false, *v));
                Ok(())
            }
            // Symbolic sizes of the same form unify part by part (so that
            // `[n * m]` and `[2 * 3]` give `n` and `m`); otherwise, like an
            // existential size, they may equal anything: without solving
            // size equations, rejecting them would reject correct programs
            // (`xs[i:i+k]` is checked at run time instead).
            (Size::Op(o1, x), Size::Op(o2, y)) if o1 == o2 => {
                let (x, y) = ((**x).clone(), (**y).clone());
                let parts = self
                    .unify_sizes(&x.0, &y.0)
                    .and_then(|()| self.unify_sizes(&x.1, &y.1));
                // A form with a part sizes cannot express may equal any
                // size, like that part.
                if parts.is_err() && (a.has_lax_part() || b.has_lax_part()) {
                    return Ok(());
                }
                parts.map_err(|_| Mismatch::Sizes(a.clone(), b.clone()))
            }
            // Applications of the same function to sizes unify argument by
            // argument, where they can.
            (Size::Call(f, xs), Size::Call(g, ys)) if f == g && xs.len() == ys.len() => {
                let (xs, ys) = (xs.clone(), ys.clone());
                for (x, y) in xs.iter().zip(&ys) {
                    if self.unify_sizes(x, y).is_err() {
                        self.open_vars_unknown(x);
                        self.open_vars_unknown(y);
                    }
                }
                Ok(())
            }
            (lax, other) | (other, lax) if lax.has_lax_part() && !self.names_rigid(other) => {
                self.open_vars_unknown(other);
                Ok(())
            }
            (Size::Unknown(x), other) | (other, Size::Unknown(x))
                if self.is_lax(*x) && !self.names_rigid(other) =>
            {
                // The parts of a symbolic size equal to an expression's
                // size are given by that expression too.
                self.open_vars_unknown(other);
                Ok(())
            }
            _ => Err(Mismatch::Sizes(a, b)),
        }
    }

    /// Binds the size variables in `size` to a size nobody knows.
    fn open_vars_unknown(&mut self, size: &Size) {
        let mut open = Vec::new();
        size.all_leaves(&mut |leaf| {
            if let Size::Var(v) = leaf {
                open.push(*v);
            }
            true
        });
        for v in open {
            self.size_vars[v as usize] = Some(Size::Unknown(0));
            self.touched.push((false, v));
        }
    }

    /// How many type and size variables exist: variables created later
    /// belong to deeper scopes (see [`Table::escaping`]).
    pub fn mark(&self) -> (usize, usize) {
        (self.vars.len(), self.size_vars.len())
    }

    /// A variable created before `mark` (in an outer scope) whose type,
    /// size or constraint mentions one of the size names `sizes` or type
    /// parameters `types` of a scope being left: the name and, for a type
    /// variable, what the variable became (`Ty::Error` for a size
    /// variable, `None` for a constraint).
    ///
    /// Variables created inside the scopes `exited` (ranges of type and
    /// of size variables) are not looked at: they belong to sibling scopes
    /// left earlier, not to an enclosing one.
    /// Where a scope starts: the [`Table::mark`] and the position in the
    /// log of variables bound since.
    pub fn scope_start(&self) -> ScopeStart {
        (self.mark(), self.touched.len())
    }

    /// Forgets the variables logged since `start` that were made inside the
    /// scope (they are newer than every enclosing scope's start too), so
    /// that enclosing scopes look only at older variables.
    pub fn forget_touched(&mut self, start: ScopeStart) {
        let ((vars, sizes), log) = start;
        let mut kept = log;
        for i in log..self.touched.len() {
            let (is_type, v) = self.touched[i];
            if (v as usize) < if is_type { vars } else { sizes } {
                self.touched[kept] = (is_type, v);
                kept += 1;
            }
        }
        self.touched.truncate(kept);
    }

    pub fn escaping(
        &self,
        start: ScopeStart,
        exited: &[ExitedScope],
        sizes: &[Name],
        types: &[Name],
    ) -> Option<(Name, Option<Ty>)> {
        if sizes.is_empty() && types.is_empty() {
            return None;
        }
        let (mark, log) = start;
        // Only variables bound (or constrained) since the scope started
        // can have come to depend on its names.
        let mut type_vars: Vec<usize> = Vec::new();
        let mut size_vars: Vec<usize> = Vec::new();
        for &(is_type, v) in &self.touched[log.min(self.touched.len())..] {
            let v = v as usize;
            if is_type && v < mark.0 {
                type_vars.push(v);
            } else if !is_type && v < mark.1 {
                size_vars.push(v);
            }
        }
        type_vars.sort_unstable();
        type_vars.dedup();
        size_vars.sort_unstable();
        size_vars.dedup();
        // The scopes are disjoint and in order: the one that may hold `v`
        // is the last to start at or before it.
        let live = |v: usize, pick: fn(&ExitedScope) -> (usize, usize)| {
            let after = exited.partition_point(|scope| pick(scope).0 <= v);
            after == 0 || v >= pick(&exited[after - 1]).1
        };
        for v in type_vars {
            if !live(v, |s| (s.0.0, s.1.0)) {
                continue;
            }
            let mut state = &self.vars[v];
            if let VarState::Bound(ty) = state {
                let ty = self.resolve(ty);
                if let Some(name) = mentions(&ty, sizes, types) {
                    return Some((name, Some(ty)));
                }
                // Bound to a variable made later: its constraint counts.
                match ty {
                    Ty::Var(w) => state = &self.vars[w.0 as usize],
                    _ => continue,
                }
            }
            match state {
                VarState::Bound(_) => {}
                VarState::Unbound(Constraint::Fields(fields)) => {
                    for (_, ty) in fields {
                        if let Some(name) = mentions(&self.resolve(ty), sizes, types) {
                            return Some((name, None));
                        }
                    }
                }
                VarState::Unbound(Constraint::Constructors(constructors)) => {
                    for ty in constructors.iter().flat_map(|(_, ts)| ts) {
                        if let Some(name) = mentions(&self.resolve(ty), sizes, types) {
                            return Some((name, None));
                        }
                    }
                }
                VarState::Unbound(_) => {}
            }
        }
        for v in size_vars {
            if self.size_vars[v].is_some()
                && live(v, |s| (s.0.1, s.1.1))
                && let Some(name) = size_mentions(&self.resolve_size(&Size::Var(v as u32)), sizes)
            {
                return Some((name, Some(Ty::Error)));
            }
        }
        None
    }

    /// The constraint of an unbound variable.
    pub fn constraint(&self, var: TyVar) -> Option<&Constraint> {
        match &self.vars[var.0 as usize] {
            VarState::Unbound(c) => Some(c),
            VarState::Bound(_) => None,
        }
    }

    pub fn bind(&mut self, var: TyVar, ty: Ty) {
        self.vars[var.0 as usize] = VarState::Bound(ty);
        self.touched.push((true, var.0));
    }

    /// Makes every variable bound to another variable bound to the end
    /// of its chain instead, which resolves to the same type: a chain as
    /// long as a program's `if`-`else if` chain would otherwise be walked
    /// once per variable on it.
    pub fn compress_chains(&mut self) {
        for start in 0..self.vars.len() {
            let mut end = start;
            while let VarState::Bound(Ty::Var(next)) = &self.vars[end] {
                end = next.0 as usize;
            }
            let mut at = start;
            while at != end {
                let VarState::Bound(Ty::Var(next)) = &self.vars[at] else {
                    break;
                };
                let next = next.0 as usize;
                if next != end {
                    self.vars[at] = VarState::Bound(Ty::Var(TyVar(end as u32)));
                }
                at = next;
            }
        }
    }

    /// Follows bindings at the top of `ty`.
    pub fn shallow(&self, ty: &Ty) -> Ty {
        self.shallow_ref(ty).clone()
    }

    /// What `ty` is once the variables it is bound through are followed,
    /// without copying it (walks over a type go through this).
    fn shallow_ref<'a>(&'a self, mut ty: &'a Ty) -> &'a Ty {
        while let Ty::Var(v) = ty {
            match &self.vars[v.0 as usize] {
                VarState::Bound(bound) => ty = bound,
                VarState::Unbound(_) => break,
            }
        }
        ty
    }

    /// Substitutes all bound variables in `ty`.
    pub fn resolve(&self, ty: &Ty) -> Ty {
        match self.shallow_ref(ty) {
            Ty::Array {
                element,
                shape,
                unique,
            } => {
                let mut result = self.resolve(element);
                for size in shape.iter().rev() {
                    result = Ty::array_of(result, self.resolve_size(size));
                }
                if let Ty::Array { unique: u, .. } = &mut result {
                    *u = *unique;
                }
                result
            }
            Ty::Record(fields) => Ty::Record(
                fields
                    .iter()
                    .map(|(n, t)| (n.clone(), self.resolve(t)))
                    .collect(),
            ),
            Ty::Sum(constructors) => Ty::Sum(
                constructors
                    .iter()
                    .map(|(n, ts)| (n.clone(), ts.iter().map(|t| self.resolve(t)).collect()))
                    .collect(),
            ),
            Ty::Function {
                param_name,
                param,
                result,
            } => Ty::Function {
                param_name: param_name.clone(),
                param: Box::new(self.resolve(param)),
                result: Box::new(self.resolve(result)),
            },
            Ty::Abstract(name, liftedness, args) => Ty::Abstract(
                name.clone(),
                *liftedness,
                args.iter()
                    .map(|arg| match arg {
                        TypeArg::Type(ty) => TypeArg::Type(self.resolve(ty)),
                        TypeArg::Size(size) => TypeArg::Size(self.resolve_size(size)),
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    fn occurs(&self, var: TyVar, ty: &Ty) -> bool {
        match self.shallow_ref(ty) {
            Ty::Var(v) => *v == var,
            Ty::Abstract(_, _, args) => args
                .iter()
                .any(|arg| matches!(arg, TypeArg::Type(t) if self.occurs(var, t))),
            Ty::Array { element, .. } => self.occurs(var, element),
            Ty::Record(fields) => fields.iter().any(|(_, t)| self.occurs(var, t)),
            Ty::Sum(cs) => cs
                .iter()
                .any(|(_, ts)| ts.iter().any(|t| self.occurs(var, t))),
            Ty::Function { param, result, .. } => {
                self.occurs(var, param) || self.occurs(var, result)
            }
            _ => false,
        }
    }

    pub fn unify(&mut self, a: &Ty, b: &Ty) -> Result<(), Mismatch> {
        let a = self.shallow(a);
        let b = self.shallow(b);
        match (&a, &b) {
            // A variable meeting an erroneous type becomes erroneous too,
            // rather than staying free and later looking polymorphic.
            (Ty::Error, Ty::Var(x)) | (Ty::Var(x), Ty::Error) => {
                self.bind(*x, Ty::Error);
                Ok(())
            }
            (Ty::Error, _) | (_, Ty::Error) => Ok(()),
            (Ty::Var(x), Ty::Var(y)) if x == y => Ok(()),
            (Ty::Var(x), Ty::Var(y)) => self.merge_vars(*x, *y),
            (Ty::Var(x), other) | (other, Ty::Var(x)) => self.bind_checked(*x, other.clone()),
            (Ty::Prim(p), Ty::Prim(q)) if p == q => Ok(()),
            (Ty::Param(p), Ty::Param(q)) if p == q => Ok(()),
            (Ty::Abstract(p, _, a1), Ty::Abstract(q, _, a2)) if p == q && a1.len() == a2.len() => {
                for (x, y) in a1.iter().zip(a2) {
                    match (x, y) {
                        (TypeArg::Type(t1), TypeArg::Type(t2)) => self.unify(t1, t2)?,
                        (TypeArg::Size(s1), TypeArg::Size(s2)) => {
                            if !self.sizes_may_differ {
                                self.unify_sizes(s1, s2)?;
                            }
                        }
                        _ => return Err(Mismatch::Types),
                    }
                }
                Ok(())
            }
            (
                Ty::Array {
                    element: e1,
                    shape: s1,
                    ..
                },
                Ty::Array {
                    element: e2,
                    shape: s2,
                    ..
                },
            ) => self.unify_arrays(e1, s1, e2, s2),
            (Ty::Record(f1), Ty::Record(f2)) => {
                let unshared = unshared_names(f1, f2);
                if !unshared.is_empty() {
                    return Err(match (tuple_arity(f1), tuple_arity(f2)) {
                        (Some(n1), Some(n2)) => Mismatch::TupleLengths(n1, n2),
                        _ => Mismatch::UnsharedFields(unshared),
                    });
                }
                for ((name, t1), (_, t2)) in f1.iter().zip(f2) {
                    self.unify(t1, t2)
                        .map_err(|m| Mismatch::InField(name.clone(), Box::new(m)))?;
                }
                Ok(())
            }
            (Ty::Sum(c1), Ty::Sum(c2)) => {
                let unshared = unshared_names(c1, c2);
                if !unshared.is_empty() {
                    return Err(Mismatch::UnsharedConstructors(unshared));
                }
                for ((n1, p1), (_, p2)) in c1.iter().zip(c2) {
                    if p1.len() != p2.len() {
                        return Err(Mismatch::ConstructorArity(
                            n1.clone(),
                            p1.clone(),
                            p2.clone(),
                        ));
                    }
                    for (t1, t2) in p1.iter().zip(p2) {
                        self.unify(t1, t2)
                            .map_err(|m| Mismatch::InConstructor(n1.clone(), Box::new(m)))?;
                    }
                }
                Ok(())
            }
            (
                Ty::Function {
                    param: p1,
                    result: r1,
                    param_name: n1,
                },
                Ty::Function {
                    param: p2,
                    result: r2,
                    param_name: n2,
                },
            ) => {
                self.unify(p1, p2)?;
                // `(n: i64) -> [n]t` and `(m: i64) -> [m]t` are the same
                // type: rename the second's parameter to the first's.
                match (n1, n2) {
                    (Some(a), Some(b)) if a != b => {
                        let renamed = crate::infer::substitute(
                            &self.resolve(r2),
                            &[],
                            &[(b.clone(), Size::Named(a.clone()))],
                        );
                        self.unify(r1, &renamed)
                    }
                    (Some(name), None) => self.unify_unnamed_result(name, r1, r2),
                    (None, Some(name)) => self.unify_unnamed_result(name, r2, r1),
                    _ => self.unify(r1, r2),
                }
            }
            _ => Err(Mismatch::Types),
        }
    }

    /// Unifies the result `named` of a function whose parameter `name`
    /// may occur in it with the result `unnamed` of a function type whose
    /// parameter has no name. If `unnamed` has instantiated unlifted type
    /// parameters, the parameter may not come to occur in them, where it
    /// would name nothing (`map iota ns`); lifted ones may hide sizes.
    fn unify_unnamed_result(
        &mut self,
        name: &Name,
        named: &Ty,
        unnamed: &Ty,
    ) -> Result<(), Mismatch> {
        // The unlifted type parameters anywhere in it (`sometype elm`).
        let unnamed_resolved = self.resolve(unnamed);
        let mut vars = Vec::new();
        self.free_vars(&unnamed_resolved, &mut vars);
        vars.retain(|v| self.constraint(*v) == Some(&Constraint::Unlifted));
        // Nor may the sizes of its functions' parameters come to be the
        // parameter's value: nothing names it there (`\_ (xs: []i32) ->
        // ...` is no `(k: i64) -> [k]i32 -> ...`). Sizes only in its
        // results are new at each application and may. Module-level
        // comparisons, whose existential sizes match any size, do not
        // tell these apart.
        let size_vars = if self.lax_unknowns {
            Vec::new()
        } else {
            super::size_vars_where(&unnamed_resolved, |site| site.in_param())
        };
        self.unify(named, unnamed)?;
        let names = std::slice::from_ref(name);
        for v in size_vars {
            let size = self.resolve_size(&Size::Var(v));
            if size_mentions(&size, names).is_some() {
                // The size is none the parameter gives: the mismatch shows
                // it unknown, not as the parameter it could not be.
                self.size_vars[v as usize] = Some(Size::Unknown(0));
                return Err(Mismatch::Sizes(Size::Unknown(0), size));
            }
        }
        if vars
            .iter()
            .any(|v| mentions(&self.resolve(&Ty::Var(*v)), names, &[]).is_some())
        {
            return Err(Mismatch::DependentResult(name.clone()));
        }
        Ok(())
    }

    fn unify_arrays(&mut self, e1: &Ty, s1: &[Size], e2: &Ty, s2: &[Size]) -> Result<(), Mismatch> {
        let common = s1.len().min(s2.len());
        if !self.sizes_may_differ {
            for (a, b) in s1.iter().zip(s2) {
                self.unify_sizes(a, b)?;
            }
        }
        // `[n]a` against `[n][m]i32`: the variable element takes the rest.
        let rest = |element: &Ty, shape: &[Size]| -> Ty {
            let mut ty = element.clone();
            for size in shape[common..].iter().rev() {
                ty = Ty::array_of(ty, size.clone());
            }
            ty
        };
        let left = rest(e1, s1);
        let right = rest(e2, s2);
        self.unify(&left, &right)
    }

    fn merge_vars(&mut self, x: TyVar, y: TyVar) -> Result<(), Mismatch> {
        let cx = self.constraint(x).cloned().unwrap_or(Constraint::None);
        let cy = self.constraint(y).cloned().unwrap_or(Constraint::None);
        let merged = match (cx, cy) {
            (Constraint::None, c) | (c, Constraint::None) => c,
            (Constraint::Unlifted, c) | (c, Constraint::Unlifted) => c,
            (Constraint::Equality, Constraint::Prims(p))
            | (Constraint::Prims(p), Constraint::Equality) => Constraint::Prims(p),
            (Constraint::Equality, c) | (c, Constraint::Equality) => c,
            (Constraint::Prims(p), Constraint::Prims(q)) => {
                let both: Vec<PrimType> = p.iter().filter(|t| q.contains(t)).copied().collect();
                if both.is_empty() {
                    return Err(Mismatch::NotOneOf(q, None));
                }
                Constraint::Prims(both)
            }
            (Constraint::Fields(mut f), Constraint::Fields(g)) => {
                for (name, ty) in g {
                    match f.iter().find(|(n, _)| *n == name) {
                        Some((_, existing)) => {
                            let existing = existing.clone();
                            self.unify(&existing, &ty)
                                .map_err(|m| Mismatch::InField(name.clone(), Box::new(m)))?;
                        }
                        None => f.push((name, ty)),
                    }
                }
                f.sort_by(|a, b| field_order(&a.0, &b.0));
                Constraint::Fields(f)
            }
            (Constraint::Constructors(mut c), Constraint::Constructors(d)) => {
                for (name, payload) in d {
                    match c.iter().find(|(n, _)| *n == name) {
                        Some((_, existing)) => {
                            let existing = existing.clone();
                            if existing.len() != payload.len() {
                                return Err(Mismatch::ConstructorArity(name, existing, payload));
                            }
                            for (a, b) in existing.iter().zip(&payload) {
                                self.unify(a, b).map_err(|m| {
                                    Mismatch::InConstructor(name.clone(), Box::new(m))
                                })?;
                            }
                        }
                        None => c.push((name, payload)),
                    }
                }
                c.sort_by(|a, b| a.0.cmp(&b.0));
                Constraint::Constructors(c)
            }
            (cx, cy) => return Err(Mismatch::Constraints(cx, cy)),
        };
        self.vars[x.0 as usize] = VarState::Unbound(merged);
        self.touched.push((true, x.0));
        self.bind(y, Ty::Var(x));
        Ok(())
    }

    fn bind_checked(&mut self, var: TyVar, ty: Ty) -> Result<(), Mismatch> {
        if self.occurs(var, &ty) {
            return Err(Mismatch::Infinite);
        }
        let constraint = self.constraint(var).cloned().unwrap_or(Constraint::None);
        // A primitive type that is not allowed leaves the variable as it
        // was, so that the mismatch shows what it stands for.
        match (&constraint, &ty) {
            (Constraint::Prims(allowed), Ty::Prim(p)) if !allowed.contains(p) => {
                return Err(Mismatch::NotOneOf(allowed.clone(), Some(ty)));
            }
            (Constraint::Fields(needed), _) if !matches!(&ty, Ty::Record(fields) if has_all_names(fields, needed)) =>
            {
                return Err(Mismatch::RecordFields {
                    needed: needed.clone(),
                    actual: ty,
                });
            }
            (Constraint::Constructors(needed), _) if !matches!(&ty, Ty::Sum(constructors) if has_all_names(constructors, needed)) =>
            {
                return Err(Mismatch::SumConstructors {
                    needed: needed.clone(),
                    actual: ty,
                });
            }
            _ => {}
        }
        // Bind first, so that unifying field types below sees the binding.
        self.bind(var, ty.clone());
        match constraint {
            Constraint::None => Ok(()),
            Constraint::Prims(allowed) => match ty {
                Ty::Prim(p) if allowed.contains(&p) => Ok(()),
                other => Err(Mismatch::NotOneOf(allowed, Some(other))),
            },
            Constraint::Equality => {
                // A type parameter may stand for a function.
                if self.has_function(&ty) || matches!(ty, Ty::Param(_)) {
                    Err(Mismatch::NoEquality)
                } else {
                    Ok(())
                }
            }
            Constraint::Unlifted => {
                if self.has_function(&ty) {
                    return Err(Mismatch::Functional);
                }
                // What is still unknown inside must stay non-functional.
                let mut inner = Vec::new();
                self.free_vars(&ty, &mut inner);
                for var in inner {
                    if let VarState::Unbound(c @ Constraint::None) = &mut self.vars[var.0 as usize]
                    {
                        *c = Constraint::Unlifted;
                    }
                }
                Ok(())
            }
            Constraint::Fields(needed) => {
                let Ty::Record(fields) = &ty else {
                    return Err(Mismatch::RecordFields { needed, actual: ty });
                };
                for (name, needed_ty) in needed {
                    let Some((_, actual)) = fields.iter().find(|(n, _)| *n == name) else {
                        continue;
                    };
                    let actual = actual.clone();
                    self.unify(&actual, &needed_ty)?;
                }
                Ok(())
            }
            Constraint::Constructors(needed) => {
                let Ty::Sum(constructors) = &ty else {
                    return Err(Mismatch::SumConstructors { needed, actual: ty });
                };
                for (name, payload) in needed {
                    let Some((_, actual)) = constructors.iter().find(|(n, _)| *n == name) else {
                        continue;
                    };
                    if actual.len() != payload.len() {
                        return Err(Mismatch::ConstructorArity(name, actual.clone(), payload));
                    }
                    let actual = actual.clone();
                    for (a, b) in actual.iter().zip(&payload) {
                        self.unify(a, b)?;
                    }
                }
                Ok(())
            }
        }
    }

    pub fn contains_function(&self, ty: &Ty) -> bool {
        self.has_function(ty)
    }

    fn has_function(&self, ty: &Ty) -> bool {
        match self.shallow_ref(ty) {
            Ty::Function { .. } => true,
            Ty::Array { element, .. } => self.has_function(element),
            Ty::Record(fields) => fields.iter().any(|(_, t)| self.has_function(t)),
            Ty::Sum(cs) => cs
                .iter()
                .any(|(_, ts)| ts.iter().any(|t| self.has_function(t))),
            _ => false,
        }
    }

    /// The common type of two values that may flow to one place (the
    /// branches of an `if` or `match`, a loop's initial value and body):
    /// the types must agree except in array sizes, which become unknown
    /// where they differ.
    pub fn join(&mut self, a: &Ty, b: &Ty, origin: UnknownOrigin) -> Result<Ty, Mismatch> {
        self.sizes_may_differ = true;
        let unified = self.unify(a, b);
        self.sizes_may_differ = false;
        unified?;
        let (a, b) = (self.resolve(a), self.resolve(b));
        Ok(self.merge_sizes(&a, &b, origin, &mut Vec::new()))
    }

    /// The sizes of `a` where `b`'s differ become existential; one pair of
    /// differing sizes becomes one existential size (`merged`), so that
    /// `if c then (xs, xs) else (ys, ys)` gives two arrays of one size.
    fn merge_sizes(
        &mut self,
        a: &Ty,
        b: &Ty,
        origin: UnknownOrigin,
        merged: &mut Vec<((Size, Size), Size)>,
    ) -> Ty {
        match (a, b) {
            (
                Ty::Array {
                    element: e1,
                    shape: s1,
                    unique,
                },
                Ty::Array {
                    element: e2,
                    shape: s2,
                    ..
                },
            ) if s1.len() == s2.len() => Ty::Array {
                element: Box::new(self.merge_sizes(e1, e2, origin, merged)),
                shape: s1
                    .iter()
                    .zip(s2)
                    .map(|(x, y)| self.merge_size(x, y, origin, merged))
                    .collect(),
                unique: *unique,
            },
            // An abstract type's size arguments are sizes as an array's
            // are; its type arguments may hold arrays.
            (Ty::Abstract(name, liftedness, a1), Ty::Abstract(_, _, a2))
                if a1.len() == a2.len() =>
            {
                Ty::Abstract(
                    name.clone(),
                    *liftedness,
                    a1.iter()
                        .zip(a2)
                        .map(|pair| match pair {
                            (TypeArg::Size(x), TypeArg::Size(y)) => {
                                TypeArg::Size(self.merge_size(x, y, origin, merged))
                            }
                            (TypeArg::Type(x), TypeArg::Type(y)) => {
                                TypeArg::Type(self.merge_sizes(x, y, origin, merged))
                            }
                            (x, _) => x.clone(),
                        })
                        .collect(),
                )
            }
            (Ty::Record(f1), Ty::Record(f2)) if f1.len() == f2.len() => Ty::Record(
                f1.iter()
                    .zip(f2)
                    .map(|((n, t1), (_, t2))| (n.clone(), self.merge_sizes(t1, t2, origin, merged)))
                    .collect(),
            ),
            (Ty::Sum(c1), Ty::Sum(c2)) if c1.len() == c2.len() => Ty::Sum(
                c1.iter()
                    .zip(c2)
                    .map(|((n, p1), (_, p2))| {
                        (
                            n.clone(),
                            p1.iter()
                                .zip(p2)
                                .map(|(x, y)| self.merge_sizes(x, y, origin, merged))
                                .collect(),
                        )
                    })
                    .collect(),
            ),
            _ => a.clone(),
        }
    }

    /// One size of [`Table::merge_sizes`]: sizes that agree, or could,
    /// stay; others become existential. A size of an expression is not
    /// given to a size variable here: the expression's names may be bound
    /// after the variable was made (`if c then iota (length xs + 1) else
    /// xs`, for a parameter `xs`), and its users cannot see them.
    fn merge_size(
        &mut self,
        x: &Size,
        y: &Size,
        origin: UnknownOrigin,
        merged: &mut Vec<((Size, Size), Size)>,
    ) -> Size {
        let (rx, ry) = (self.resolve_size(x), self.resolve_size(y));
        let var_meets_expression = matches!(rx, Size::Var(_)) && self.mentions_expression_size(&ry)
            || matches!(ry, Size::Var(_)) && self.mentions_expression_size(&rx);
        let kept = |s: &Size| matches!(s, Size::Var(v) if self.kept_from_joins.contains(v));
        let kept_var_meets_other = rx != ry && (kept(&rx) || kept(&ry));
        if !var_meets_expression && !kept_var_meets_other && self.unify_sizes(x, y).is_ok() {
            return self.resolve_size(x);
        }
        let pair = (self.resolve_size(x), self.resolve_size(y));
        if let Some((_, size)) = merged.iter().find(|(p, _)| *p == pair) {
            return size.clone();
        }
        let size = self.fresh_unknown_from(origin);
        self.joined_sizes.push((self.next_unknown, pair.clone()));
        merged.push((pair, size.clone()));
        size
    }

    /// The unbound variables of a resolved type.
    pub fn free_vars(&self, ty: &Ty, out: &mut Vec<TyVar>) {
        match self.shallow_ref(ty) {
            Ty::Var(v) if !out.contains(v) => out.push(*v),
            Ty::Array { element, .. } => self.free_vars(element, out),
            Ty::Record(fields) => fields.iter().for_each(|(_, t)| self.free_vars(t, out)),
            Ty::Sum(cs) => cs
                .iter()
                .for_each(|(_, ts)| ts.iter().for_each(|t| self.free_vars(t, out))),
            Ty::Function { param, result, .. } => {
                self.free_vars(param, out);
                self.free_vars(result, out);
            }
            Ty::Abstract(_, _, args) => args.iter().for_each(|arg| {
                if let TypeArg::Type(t) = arg {
                    self.free_vars(t, out);
                }
            }),
            _ => {}
        }
    }
}

fn has_name<T>(entries: &[(Name, T)], name: &Name) -> bool {
    entries.iter().any(|(n, _)| n == name)
}

/// Whether `entries` (fields or constructors) have all the names `needed`
/// has.
fn has_all_names<T, U>(entries: &[(Name, T)], needed: &[(Name, U)]) -> bool {
    needed.iter().all(|(n, _)| has_name(entries, n))
}

/// The names (of fields or constructors) that only one of two sorted
/// lists has: the second list's first, as upstream lists them.
fn unshared_names<T, U>(first: &[(Name, T)], second: &[(Name, U)]) -> Vec<Name> {
    let only_first = first.iter().filter(|(n, _)| !has_name(second, n));
    let only_second = second.iter().filter(|(n, _)| !has_name(first, n));
    only_second
        .map(|(n, _)| n.clone())
        .chain(only_first.map(|(n, _)| n.clone()))
        .collect()
}

/// The first of the size names `sizes` that a size mentions.
fn size_mentions(size: &Size, sizes: &[Name]) -> Option<Name> {
    let mut found = None;
    size.all_leaves(&mut |leaf| match leaf {
        Size::Named(n) if sizes.contains(n) => {
            found = Some(n.clone());
            false
        }
        _ => true,
    });
    found
}

/// The first of the size names `sizes` or type parameters `types` that a
/// (resolved) type mentions freely: a function type's named parameter
/// binds its name in the result.
pub(crate) fn mentions(ty: &Ty, sizes: &[Name], types: &[Name]) -> Option<Name> {
    match ty {
        Ty::Param(p) if types.contains(p) => Some(p.clone()),
        Ty::Array { element, shape, .. } => shape
            .iter()
            .find_map(|s| size_mentions(s, sizes))
            .or_else(|| mentions(element, sizes, types)),
        Ty::Record(fields) => fields.iter().find_map(|(_, t)| mentions(t, sizes, types)),
        Ty::Sum(cs) => cs
            .iter()
            .flat_map(|(_, ts)| ts)
            .find_map(|t| mentions(t, sizes, types)),
        Ty::Function {
            param_name,
            param,
            result,
        } => mentions(param, sizes, types).or_else(|| match param_name {
            Some(bound) if sizes.contains(bound) => {
                let inner: Vec<Name> = sizes.iter().filter(|n| *n != bound).cloned().collect();
                mentions(result, &inner, types)
            }
            _ => mentions(result, sizes, types),
        }),
        Ty::Abstract(_, _, args) => args.iter().find_map(|arg| match arg {
            TypeArg::Type(t) => mentions(t, sizes, types),
            TypeArg::Size(s) => size_mentions(s, sizes),
        }),
        _ => None,
    }
}
