//! The bodies of value definitions: parameters, result type and body
//! expression, lowered to a position-free [`Store`].
//!
//! `value_body` is re-run for every definition of a file when the file
//! changes, but its result is equal for every definition whose text did
//! not change (positions live only in the source map), so what is computed
//! from a body (its type inference) is reused.

use crate::Db;
use crate::files::{SourceFile, parse};
use crate::item_tree::{ItemIdx, item_tree_with_source_map};
use crate::lower::{Lowerer, lower_type_param};
use crate::store::{ExprId, PatId, SourceMap, Store, TypeId, TypeParam};
use std::sync::Arc;
use syntax::ast::{self, AstNode};

/// A definition `def f tparams params : ret = body`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueBody {
    pub type_params: Vec<TypeParam>,
    pub params: Vec<PatId>,
    pub ret: Option<TypeId>,
    pub body: ExprId,
    pub store: Store,
}

#[salsa::tracked(returns(clone))]
pub fn value_body_with_source_map(
    db: &dyn Db,
    file: SourceFile,
    item: ItemIdx,
) -> (Arc<ValueBody>, Arc<SourceMap>) {
    let (_, item_map) = item_tree_with_source_map(db, file);
    let root = parse(db, file).syntax_node();
    let def = item_map
        .items
        .get(item.0 as usize)
        .and_then(|ptr| ptr.to_node(&root))
        .and_then(ast::ValueDef::cast);
    let mut lowerer = Lowerer::default();
    let (type_params, params, ret, body) = match def {
        Some(def) => (
            def.type_params()
                .filter_map(|p| lower_type_param(&p))
                .collect(),
            def.params().map(|p| lowerer.lower_pat(p)).collect(),
            def.ret_type().map(|r| lowerer.lower_type_opt(r.ty())),
            lowerer.lower_expr_opt(def.body()),
        ),
        // Not a value definition: an empty body, never a panic.
        None => (Vec::new(), Vec::new(), None, lowerer.lower_expr_opt(None)),
    };
    let body = ValueBody {
        type_params,
        params,
        ret,
        body,
        store: lowerer.store,
    };
    (Arc::new(body), Arc::new(lowerer.source_map))
}

#[salsa::tracked(returns(clone))]
pub fn value_body(db: &dyn Db, file: SourceFile, item: ItemIdx) -> Arc<ValueBody> {
    value_body_with_source_map(db, file, item).0
}
