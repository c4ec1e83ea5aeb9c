-- The type of a module ascribed a module type whose include is refined
-- with the module type's own earlier type (`with cell = cell`) is
-- abstract: using it as the type it was defined as is a type error.
-- ==
-- error: Function body does not have expected type

module type has_cell = { type cell }

module type cells = {
  type cell
  include has_cell with cell = cell
}

module m : cells = { type cell = i32 }

entry leak (c: m.cell) : i32 = c
