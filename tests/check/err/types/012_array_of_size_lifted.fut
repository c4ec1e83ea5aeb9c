-- Arrays of a size-lifted type could be irregular.
-- ==
-- error: Cannot create array with elements of size-lifted type "chunk"
type~ chunk = []u8
type~ chunks = []chunk
