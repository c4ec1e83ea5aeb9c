-- A constructor carrying several payloads of different types.
-- ==
type event = #key u8 bool | #click i32 i32 | #quit
def e : event = #key 'x' true
def is_quit (x: event) = match x case #quit -> true case _ -> false
