-- A module type that includes another, refining the included type with a
-- type it specified itself before the include (`with cell = cell`), has
-- one abstract type: a module ascribed to it keeps that type abstract,
-- and its values are built and read through its functions.
-- ==
-- input { true } output { false }
-- input { false } output { true }

module type has_cell = { type cell }

module type cells = {
  type cell
  include has_cell with cell = cell
  val wrap : bool -> cell
  val flip : cell -> cell
  val unwrap : cell -> bool
}

module m : cells = {
  type cell = bool
  def wrap (b: bool) = b
  def flip (c: cell) = !c
  def unwrap (c: cell) = c
}

entry main (b: bool) = m.unwrap (m.flip (m.wrap b))
