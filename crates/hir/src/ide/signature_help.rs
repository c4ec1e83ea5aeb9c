//! Signature help: while writing the arguments of an application, the
//! function's type with the parameter being written marked.

use super::type_at;
use crate::Db;
use crate::files::{FileSet, SourceFile, parse};
use crate::ty::Ty;
use syntax::ast::{self, AstNode};
use syntax::{SyntaxKind, TextRange, TextSize};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureHelp {
    /// `f : (x: i32) -> bool -> i32`
    pub label: String,
    /// Where each parameter is in the label.
    pub params: Vec<TextRange>,
    /// The parameter the cursor is at.
    pub active: usize,
}

/// The signature of the function applied at `offset`: the innermost
/// application whose head is before the cursor, counting the arguments
/// finished before it (an argument being typed is the active one). Also
/// offered after a function name and a space, before any argument.
pub fn signature_help_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Option<SignatureHelp> {
    let root = parse(db, file).syntax_node();
    // The last token of code before the cursor.
    let mut token = root.token_at_offset(offset).left_biased()?;
    while token.kind().is_trivia() || token.text_range().start() >= offset {
        token = token.prev_token()?;
    }
    let after_space = token.text_range().end() < offset;
    let (head, args) = match token
        .parent_ancestors()
        .take_while(|node| node.kind() != SyntaxKind::VALUE_DEF)
        .find_map(ast::ApplyExpr::cast)
    {
        Some(apply) => {
            let finished = apply
                .args()
                .filter(|arg| arg.syntax().text_range().end() < offset)
                .count();
            (apply.func()?, finished)
        }
        None => {
            // `f ` with nothing applied yet: a name, then a space.
            let head = token.parent_ancestors().find_map(ast::PathExpr::cast)?;
            if !after_space || head.syntax().text_range().end() != token.text_range().end() {
                return None;
            }
            (ast::Expr::PathExpr(head), 0)
        }
    };
    let head_range = head.syntax().text_range();
    if offset <= head_range.end() {
        // Still at the function itself.
        return None;
    }
    let (range, ty) = type_at(db, file_set, file, head_range.start())?;
    if range != head_range {
        return None;
    }
    let mut label = format!("{} : ", head.syntax().text());
    let mut params = Vec::new();
    let mut ty = &ty;
    while let Ty::Function {
        param_name,
        param,
        result,
    } = ty
    {
        let start = TextSize::of(label.as_str());
        let param_text = match (param_name, param.as_ref()) {
            (Some(name), param) => format!("({name}: {param})"),
            (None, param @ (Ty::Function { .. } | Ty::Sum(_))) => format!("({param})"),
            (None, param) => param.to_string(),
        };
        label.push_str(&param_text);
        params.push(TextRange::at(start, TextSize::of(param_text.as_str())));
        label.push_str(" -> ");
        ty = result;
    }
    if params.is_empty() || args >= params.len() {
        return None;
    }
    label.push_str(&ty.to_string());
    Some(SignatureHelp {
        label,
        params,
        active: args,
    })
}
