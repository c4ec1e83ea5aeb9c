//! The bodies of value definitions: parameters, result type and body
//! expression, lowered to a position-free [`Store`].
//!
//! `value_body` reads only the definition's own syntax ([`item_syntax`]),
//! which stays equal when an edit elsewhere leaves the definition's text
//! alone, so neither the body nor what is computed from it (its type
//! inference) is recomputed. Positions live only in the source map, which
//! `value_body_with_source_map` builds from the whole file's tree when a
//! diagnostic or an editor query needs them.

use crate::Db;
use crate::files::{SourceFile, parse};
use crate::item_tree::{ItemIdx, item_tree_with_source_map};
use crate::lower::{Lowerer, lower_type_param};
use crate::store::{ExprId, PatId, SourceMap, Store, TypeId, TypeParam};
use std::sync::Arc;
use syntax::ast::{self, AstNode};
use syntax::{GreenNode, GreenNodeData, SyntaxNode, TextRange};

/// A definition `def f tparams params : ret = body`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueBody {
    pub type_params: Vec<TypeParam>,
    pub params: Vec<PatId>,
    pub ret: Option<TypeId>,
    pub body: ExprId,
    pub store: Store,
}

/// The syntax of one item, as a green node with positions relative to
/// the item's start. Equal (by pointer, in the common case) when an edit
/// elsewhere in the file leaves the item's text alone, so that what is
/// computed from it is reused.
#[derive(Debug, Clone, Eq)]
pub struct ItemSyntax(Option<GreenNode>);

impl PartialEq for ItemSyntax {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => std::ptr::eq::<GreenNodeData>(&**a, &**b) || a == b,
            (None, None) => true,
            _ => false,
        }
    }
}

impl ItemSyntax {
    /// The text of a range of the item (relative to its start), if the
    /// item has it.
    pub fn text_at(&self, range: TextRange) -> Option<String> {
        let node = SyntaxNode::new_root(self.0.clone()?);
        (range.end() <= node.text_range().end()).then(|| node.text().slice(range).to_string())
    }
}

/// The syntax of `item`, cut out of the file's tree.
#[salsa::tracked(returns(clone))]
pub fn item_syntax(db: &dyn Db, file: SourceFile, item: ItemIdx) -> ItemSyntax {
    let (_, item_map) = item_tree_with_source_map(db, file);
    let root = parse(db, file).syntax_node();
    let node = item_map
        .items
        .get(item.0 as usize)
        .and_then(|ptr| ptr.to_node(&root));
    ItemSyntax(node.map(|node| node.green().to_owned()))
}

/// The body of `item` with a source map into the file.
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
    let (body, source_map) = lower_value_def(def);
    (Arc::new(body), Arc::new(source_map))
}

/// The body of `item`, lowered from the item's own syntax: not re-run
/// when the file changes elsewhere.
#[salsa::tracked(returns(clone))]
pub fn value_body(db: &dyn Db, file: SourceFile, item: ItemIdx) -> Arc<ValueBody> {
    value_body_with_item_map(db, file, item).0
}

/// How many parameters `item` has: equal after an edit of its body that
/// leaves them, so that what only needs the count is not recomputed.
#[salsa::tracked(returns(copy))]
pub fn param_count(db: &dyn Db, file: SourceFile, item: ItemIdx) -> usize {
    value_body(db, file, item).params.len()
}

/// The body of `item` with a source map whose ranges are relative to the
/// item's start ([`item_position`] places them in the file): equal when
/// an edit elsewhere leaves the item's text alone, even if it moves the
/// item.
#[salsa::tracked(returns(clone))]
pub fn value_body_with_item_map(
    db: &dyn Db,
    file: SourceFile,
    item: ItemIdx,
) -> (Arc<ValueBody>, Arc<SourceMap>) {
    let ItemSyntax(green) = item_syntax(db, file, item);
    let def = green.and_then(|green| ast::ValueDef::cast(SyntaxNode::new_root(green)));
    let (body, source_map) = lower_value_def(def);
    (Arc::new(body), Arc::new(source_map))
}

/// Where an item starts in its file, and where its lines start: enough
/// to give positions relative to the item's start a line and a column.
/// Equal after an edit that leaves the item's text, line and column as
/// they were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemPosition {
    /// The line and column (from 1, the column in bytes) of the item's
    /// first character.
    pub line: u32,
    pub column: u32,
    /// The offsets from the item's start at which its later lines start.
    line_starts: Vec<u32>,
}

impl ItemPosition {
    /// The line and column (from 1, the column in bytes) of an offset from
    /// the item's start.
    pub fn line_column(&self, offset: u32) -> (u32, u32) {
        match self.line_starts.partition_point(|&start| start <= offset) {
            0 => (self.line, self.column + offset),
            lines => (
                self.line + lines as u32,
                offset - self.line_starts[lines - 1] + 1,
            ),
        }
    }
}

/// The position of `item` in its file.
#[salsa::tracked(returns(clone))]
pub fn item_position(db: &dyn Db, file: SourceFile, item: ItemIdx) -> ItemPosition {
    let (_, item_map) = item_tree_with_source_map(db, file);
    let text = file.text(db);
    let range = item_map
        .items
        .get(item.0 as usize)
        .map_or_else(TextRange::default, |ptr| ptr.range);
    let start = usize::from(range.start()).min(text.len());
    let end = usize::from(range.end()).clamp(start, text.len());
    let starts = crate::files::line_starts(db, file);
    let line = starts.partition_point(|&s| s as usize <= start);
    let line_start = starts.get(line.wrapping_sub(1)).map_or(0, |&s| s as usize);
    ItemPosition {
        line: line as u32,
        column: (start - line_start) as u32 + 1,
        line_starts: text.as_bytes()[start..end]
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .map(|(i, _)| i as u32 + 1)
            .collect(),
    }
}

/// Lowers a value definition; both queries above use it, so the ids of
/// a body and its source map agree.
fn lower_value_def(def: Option<ast::ValueDef>) -> (ValueBody, SourceMap) {
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
    (body, lowerer.source_map)
}
