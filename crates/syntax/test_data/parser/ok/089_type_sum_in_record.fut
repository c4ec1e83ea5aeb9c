-- Sum types inside records and arrays.
type cell = {alive: bool, kind: #plant | #animal i32}
type board = [][]#empty | #wall | #token u8
type mixed = (#x | #y, {tag: #a | #b f32})
def default_cell : cell = {alive = false, kind = #plant}
