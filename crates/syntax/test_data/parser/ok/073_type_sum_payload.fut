-- Sum types whose constructors carry payloads.
type shape = #circle f32 | #rect f32 f32 | #empty
type event = #click i32 i32 | #key u8 | #resize {w: i64, h: i64}
type result 'a = #ok a | #err []u8
type tagged = #vec [3]f32 | #pair (i32, i32)
