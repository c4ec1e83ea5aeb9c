-- SYNTAX TEST "source.futhark" "highlighting recovers from code that does not parse"

-- This file is deliberately not valid Futhark.

  -- An unterminated string stops at the end of its line.
  def after = "unterminated
--            ^^^^^^^^^^^^^ string.quoted.double.futhark
  def next = true
--^^^ storage.type.futhark - string.quoted.double.futhark
--           ^^^^ constant.language.boolean.futhark

  -- A lambda whose arrow is missing ends at the next declaration.
  def partial = map (\x
--                   ^ keyword.operator.lambda.futhark
--                    ^ variable.parameter.futhark
  def later = 1
--^^^ storage.type.futhark
--    ^^^^^ entity.name.function.futhark - variable.parameter.futhark

  -- So does a definition whose '=' is missing.
  def header_only (x: i32)
  def more = 2
--    ^^^^ entity.name.function.futhark - variable.parameter.futhark
--           ^ constant.numeric.integer.decimal.futhark

  -- A doc comment ends at the first line that is not a comment.
  -- | Documented.
  def documented = 3
--    ^^^^^^^^^^ entity.name.function.futhark - comment.block.documentation.futhark
