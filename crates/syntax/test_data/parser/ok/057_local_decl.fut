-- Local declarations are not exported.
local def helper (x: i32) = x * 7
local type hidden = {secret: i32}
local module impl = { def k = 3i32 }
def public_api (x: i32) : i32 = helper x + impl.k
