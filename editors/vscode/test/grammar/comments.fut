-- SYNTAX TEST "source.futhark" "comments and doc comments"

-- A plain line comment.
-- <-- comment.line.double-dash.futhark punctuation.definition.comment.futhark
-- ^^^^^^^^^^^^^^^^^^^^^ comment.line.double-dash.futhark

-- | A documentation comment, and
-- <-- comment.block.documentation.futhark punctuation.definition.comment.futhark
-- ^ comment.block.documentation.futhark punctuation.definition.comment.documentation.futhark
--   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.block.documentation.futhark
-- its continuation line, mentioning `map`.
-- <-- comment.block.documentation.futhark punctuation.definition.comment.futhark
-- ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.block.documentation.futhark - markup.inline.raw.futhark
--                                   ^^^^^ comment.block.documentation.futhark markup.inline.raw.futhark
def documented = 1
-- <--- storage.type.futhark - comment.block.documentation.futhark
--  ^^^^^^^^^^ entity.name.function.futhark - comment.block.documentation.futhark

  def x = 1 -- trailing comment
--        ^ constant.numeric.integer.decimal.futhark - comment.line.double-dash.futhark
--          ^^^^^^^^^^^^^^^^^^^ comment.line.double-dash.futhark

  def y = x--no space needed
--         ^^^^^^^^^^^^^^^^^ comment.line.double-dash.futhark
--        ^ - comment.line.double-dash.futhark

  def s = "-- not a comment"
--         ^^^^^^^^^^^^^^^^ string.quoted.double.futhark - comment.line.double-dash.futhark

  def (|--) (a: i32) (b: i32) = a - b
  def z = x |-- y
--          ^^^ keyword.operator.futhark - comment.line.double-dash.futhark

  -- |A doc comment needs no space after the bar
--^^^^^^^^^^^^^^^^^ comment.block.documentation.futhark
  def w = 0

  --| but it needs the space before it
--^^^^^^^ comment.line.double-dash.futhark - comment.block.documentation.futhark
  def v = 0
