//! The value representation: how a monomorphic source type becomes core
//! IR values. A primitive is one scalar; an array of primitives one array;
//! a record (tuples are records) the concatenation of its fields'
//! components in field order; a sum type an `i8` tag (the constructor's
//! index in name order) followed by payload slots, where constructors
//! share slots of equal type (the first free slot of the type is reused);
//! an array of anything the arrays of its element's components (arrays of
//! tuples are tuples of arrays). The empty record `()` is one `bool`
//! (always false), as upstream maps it to a unit value: arrays of it keep
//! their shapes (`[n]()` tells `n`).

use hir::name::Name;
use hir::ty::{PrimType, Size, Ty};
use opt::ir::Type;

/// Why a type has no IR representation.
pub type TypeResult<T> = Result<T, String>;

/// What a source type tells of one of its IR components before the value
/// exists: its element type and rank (the shape is the value's own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Component {
    pub element: PrimType,
    pub rank: usize,
}

impl Component {
    pub fn new(element: PrimType, rank: usize) -> Component {
        Component { element, rank }
    }

    /// The component of a value of IR type `ty`.
    pub fn of(ty: &Type) -> Component {
        Component::new(ty.element(), ty.rank())
    }

    /// The IR type of a scalar component; `None` for an array.
    pub fn scalar(self) -> Option<Type> {
        (self.rank == 0).then_some(Type::Prim(self.element))
    }
}

/// The components of a value of type `ty`.
pub fn components(ty: &Ty) -> TypeResult<Vec<Component>> {
    let mut out = Vec::new();
    push_components(ty, 0, &mut out)?;
    Ok(out)
}

fn push_components(ty: &Ty, outer_rank: usize, out: &mut Vec<Component>) -> TypeResult<()> {
    match ty {
        Ty::Prim(prim) => out.push(Component::new(*prim, outer_rank)),
        Ty::Array { element, shape, .. } => {
            push_components(element, outer_rank + shape.len(), out)?;
        }
        Ty::Record(fields) if fields.is_empty() => {
            out.push(Component::new(PrimType::Bool, outer_rank));
        }
        Ty::Record(fields) => {
            for (_, field) in fields {
                push_components(field, outer_rank, out)?;
            }
        }
        Ty::Sum(_) => {
            let layout = SumLayout::of(ty)?;
            out.push(Component::new(PrimType::I8, outer_rank));
            out.extend(
                layout
                    .slots
                    .iter()
                    .map(|slot| Component::new(slot.element, slot.rank + outer_rank)),
            );
        }
        Ty::Function { .. } => return Err("a function inside data".into()),
        Ty::Param(_) | Ty::Abstract(..) => {
            return Err(format!("the type `{ty}` was not instantiated"));
        }
        // A type inference left open (an unconstrained empty array's
        // element, say): nothing can be observed of its values.
        Ty::Var(_) => {}
        Ty::Error => return Err("an ill-typed expression".into()),
    }
    Ok(())
}

/// The source shape of each component of a value of type `ty` (in the
/// order of [`components`]); an unused sum slot has the shape of the
/// first constructor's payload using it.
pub fn component_shapes(ty: &Ty) -> Vec<Vec<Size>> {
    let mut out = Vec::new();
    push_shapes(ty, &[], &mut out);
    out
}

fn push_shapes(ty: &Ty, outer: &[Size], out: &mut Vec<Vec<Size>>) {
    match ty {
        Ty::Prim(_) => out.push(outer.to_vec()),
        Ty::Record(fields) if fields.is_empty() => out.push(outer.to_vec()),
        Ty::Array { element, shape, .. } => {
            let mut full = outer.to_vec();
            full.extend(shape.iter().cloned());
            push_shapes(element, &full, out);
        }
        Ty::Record(fields) => {
            for (_, field) in fields {
                push_shapes(field, outer, out);
            }
        }
        Ty::Sum(constructors) => {
            out.push(outer.to_vec());
            let Ok(layout) = SumLayout::of(ty) else {
                return;
            };
            let mut slots: Vec<Option<Vec<Size>>> = vec![None; layout.slots.len()];
            for ((_, payload), (_, assignment)) in constructors.iter().zip(&layout.constructors) {
                let mut shapes = Vec::new();
                for payload_ty in payload {
                    push_shapes(payload_ty, outer, &mut shapes);
                }
                for (&slot, shape) in assignment.iter().zip(shapes) {
                    slots[slot].get_or_insert(shape);
                }
            }
            out.extend(slots.into_iter().map(Option::unwrap_or_default));
        }
        _ => {}
    }
}

/// The dimensions of each component of a value of type `ty` (in the
/// order of [`components`]) that its sizes can be read from: all of them,
/// except that a sum type's payload slots give only the outer dimensions
/// of an array of sums (a slot may hold another constructor's
/// placeholder). An error if the type is not monomorphic.
pub fn readable_shapes(ty: &Ty) -> TypeResult<Vec<Vec<Size>>> {
    let count = components(ty)?.len();
    let mut out = Vec::with_capacity(count);
    push_readable_shapes(ty, &[], &mut out)?;
    Ok(out)
}

fn push_readable_shapes(ty: &Ty, outer: &[Size], out: &mut Vec<Vec<Size>>) -> TypeResult<()> {
    match ty {
        Ty::Array { element, shape, .. } => {
            let mut full = outer.to_vec();
            full.extend(shape.iter().cloned());
            push_readable_shapes(element, &full, out)?;
        }
        Ty::Record(fields) if !fields.is_empty() => {
            for (_, field) in fields {
                push_readable_shapes(field, outer, out)?;
            }
        }
        Ty::Sum(_) => {
            let slots = SumLayout::of(ty)?.slots.len();
            out.extend(std::iter::repeat_n(outer.to_vec(), 1 + slots));
        }
        Ty::Var(_) => {}
        _ => out.push(outer.to_vec()),
    }
    Ok(())
}

/// Whether the values of a type hold nothing but empty records (`()`,
/// `[n]()`, `((), ())`): entry points pass them as no values at all.
pub fn is_unit_only(ty: &Ty) -> bool {
    match ty {
        Ty::Record(fields) => fields.iter().all(|(_, field)| is_unit_only(field)),
        Ty::Array { element, .. } => is_unit_only(element),
        _ => false,
    }
}

/// Whether a type contains functions (and so has a static part).
pub fn has_functions(ty: &Ty) -> bool {
    match ty {
        Ty::Function { .. } => true,
        Ty::Record(fields) => fields.iter().any(|(_, t)| has_functions(t)),
        Ty::Sum(constructors) => constructors
            .iter()
            .any(|(_, payload)| payload.iter().any(has_functions)),
        Ty::Array { element, .. } => has_functions(element),
        _ => false,
    }
}

/// How a sum type's constructors use the payload slots.
#[derive(Debug, Clone, PartialEq)]
pub struct SumLayout {
    /// The kind of each slot (as a component of the sum itself).
    pub slots: Vec<Component>,
    /// For each constructor, in name order: its name, and for each
    /// component of its payload, the slot holding it.
    pub constructors: Vec<(Name, Vec<usize>)>,
}

impl SumLayout {
    pub fn of(ty: &Ty) -> TypeResult<SumLayout> {
        let Ty::Sum(constructors) = ty else {
            return Err("not a sum type".into());
        };
        let mut slots: Vec<Component> = Vec::new();
        let mut layout = Vec::new();
        for (name, payload) in constructors {
            let mut used = vec![false; slots.len()];
            let mut assignment = Vec::new();
            for payload_ty in payload {
                for component in components(payload_ty)? {
                    let free = (0..slots.len()).find(|&i| !used[i] && slots[i] == component);
                    let slot = match free {
                        Some(slot) => slot,
                        None => {
                            slots.push(component);
                            used.push(false);
                            slots.len() - 1
                        }
                    };
                    used[slot] = true;
                    assignment.push(slot);
                }
            }
            layout.push((name.clone(), assignment));
        }
        Ok(SumLayout {
            slots,
            constructors: layout,
        })
    }

    pub fn constructor(&self, name: &Name) -> Option<(usize, &[usize])> {
        self.constructors
            .iter()
            .enumerate()
            .find(|(_, (n, _))| n == name)
            .map(|(tag, (_, slots))| (tag, slots.as_slice()))
    }
}

/// The element type of an array type (one dimension less), or the type
/// itself with the given number of dimensions removed.
pub fn strip_dims(ty: &Ty, dims: usize) -> Ty {
    match ty {
        Ty::Array {
            element,
            shape,
            unique,
        } => {
            if dims >= shape.len() {
                (**element).clone()
            } else {
                Ty::Array {
                    element: element.clone(),
                    shape: shape[dims..].to_vec(),
                    unique: *unique,
                }
            }
        }
        other => other.clone(),
    }
}

/// The rank of an array type (0 for anything else).
pub fn rank(ty: &Ty) -> usize {
    match ty {
        Ty::Array { shape, .. } => shape.len(),
        _ => 0,
    }
}

/// The record's fields, with the number of components each has, in the
/// order of the record's components.
pub fn field_spans(fields: &[(Name, Ty)]) -> TypeResult<Vec<(Name, Ty, usize)>> {
    fields
        .iter()
        .map(|(name, ty)| Ok((name.clone(), ty.clone(), components(ty)?.len())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(element: Ty, rank: usize) -> Ty {
        Ty::Array {
            element: Box::new(element),
            shape: vec![Size::Const(2); rank],
            unique: false,
        }
    }

    #[test]
    fn arrays_of_tuples_are_tuples_of_arrays() {
        let pair = Ty::tuple(vec![
            Ty::Prim(PrimType::I32),
            array(Ty::Prim(PrimType::F32), 1),
        ]);
        assert_eq!(
            components(&array(pair, 1)).unwrap(),
            vec![
                Component::new(PrimType::I32, 1),
                Component::new(PrimType::F32, 2)
            ]
        );
    }

    #[test]
    fn sum_constructors_share_slots_of_equal_type() {
        let i32_ty = Ty::Prim(PrimType::I32);
        let sum = Ty::sum(vec![
            (Name::new("a"), vec![i32_ty.clone()]),
            (Name::new("b"), vec![i32_ty.clone(), i32_ty.clone()]),
            (Name::new("c"), vec![Ty::Prim(PrimType::Bool)]),
        ]);
        let layout = SumLayout::of(&sum).unwrap();
        assert_eq!(
            layout.slots,
            vec![
                Component::new(PrimType::I32, 0),
                Component::new(PrimType::I32, 0),
                Component::new(PrimType::Bool, 0)
            ]
        );
        assert_eq!(
            layout.constructor(&Name::new("b")).unwrap(),
            (1, &[0, 1][..])
        );
        assert_eq!(layout.constructor(&Name::new("c")).unwrap(), (2, &[2][..]));
        assert_eq!(components(&sum).unwrap().len(), 4);
    }
}
