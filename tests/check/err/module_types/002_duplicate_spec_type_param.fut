-- An abstract type's parameters must have distinct names.
-- ==
-- error: Type parameter "k" previously defined
module type table = {
  type map 'k 'k
}
