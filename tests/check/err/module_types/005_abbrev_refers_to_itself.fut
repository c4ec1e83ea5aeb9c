-- A type abbreviation in a module type cannot define a type by itself.
-- ==
-- error: "cell"
module type grid = {
  module row : { type cell = cell }
}
