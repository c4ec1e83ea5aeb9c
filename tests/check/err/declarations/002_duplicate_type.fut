-- Two type definitions of one name at the top level.
-- ==
-- error: Duplicate definition of type "pixel"
type pixel = (u8, u8, u8)
type pixel = u32
