-- SYNTAX TEST "source.futhark" "keywords, operators, constructors, attributes"

  def f (n: i64) =
    let xs = iota n |> map (\i -> i * 2) |> filter (\x -> x % 3 != 0)
--                  ^^ keyword.operator.futhark
--                          ^ keyword.operator.lambda.futhark
--                           ^ variable.parameter.futhark
--                             ^^ keyword.operator.arrow.futhark
--                                  ^ keyword.operator.futhark
--                                                          ^ keyword.operator.futhark
--                                                              ^^ keyword.operator.futhark
    let ys = loop acc = xs for i < n do acc with [i] = 0
--           ^^^^ keyword.control.loop.futhark
--                         ^^^ keyword.control.loop.futhark
--                               ^ keyword.operator.futhark
--                                   ^^ keyword.control.loop.futhark
--                                          ^^^^ keyword.other.futhark
    let z = loop k = 1 while k < 100 do k * 2
--                     ^^^^^ keyword.control.loop.futhark
    let w = if z >= 10 && !(z == 3) then z else -z
--          ^^ keyword.control.conditional.futhark
--               ^^ keyword.operator.futhark
--                     ^^ keyword.operator.futhark
--                        ^ keyword.operator.futhark
--                            ^^ keyword.operator.futhark
--                                  ^^^^ keyword.control.conditional.futhark
--                                         ^^^^ keyword.control.conditional.futhark
    let q = z `max` w `i64.min` 3 ** 2 >>> 1 ^ 5 | 7 & 8 <| 9
--            ^^^^^ keyword.operator.backtick.futhark
--            ^ punctuation.definition.backtick.begin.futhark
--                    ^^^^^^^^^ keyword.operator.backtick.futhark
--                                ^^ keyword.operator.futhark
--                                     ^^^ keyword.operator.futhark
--                                                       ^^ keyword.operator.futhark
    in assert (q > 0) (ys, w)
--  ^^ keyword.other.futhark
--     ^^^^^^ keyword.other.futhark

  def g (s: #red | #green i32) : i32 =
    match s
--  ^^^^^ keyword.control.conditional.futhark
    case #red -> 0
--  ^^^^ keyword.control.conditional.futhark
--       ^ variable.other.enummember.constructor.futhark punctuation.definition.constructor.futhark
--        ^^^ variable.other.enummember.constructor.futhark
    case #green x' -> x'
--       ^^^^^^ variable.other.enummember.constructor.futhark
--              ^^^^^^^^ - string.quoted.single.futhark

  def h (xs: []f32) =
    #[unroll]
--  ^^ meta.attribute.futhark punctuation.definition.attribute.begin.futhark
--    ^^^^^^ meta.attribute.futhark entity.other.attribute-name.futhark
--          ^ meta.attribute.futhark punctuation.definition.attribute.end.futhark
    #[trace(tag)] #[incremental_flattening(no_intra, 2)] map f32.sqrt xs
--    ^^^^^ entity.other.attribute-name.futhark
--          ^^^ entity.other.attribute-name.futhark
--                                                 ^ meta.attribute.futhark punctuation.separator.comma.futhark
--                                                   ^ meta.attribute.futhark constant.numeric.integer.decimal.futhark
--                                                       ^^^ - meta.attribute.futhark
--                                                           ^^^ support.type.primitive.futhark
--                                                              ^ punctuation.accessor.futhark

  def qualified = M.N.x + Foo.bar + record.field
--                ^ entity.name.namespace.futhark
--                  ^ entity.name.namespace.futhark
--                    ^ - entity.name.namespace.futhark
--                        ^^^ entity.name.namespace.futhark
--                                  ^^^^^^ - entity.name.namespace.futhark

  def ascribed = (iota 3 :> [3]i64, 1 : i32, ???)
--                       ^^ keyword.operator.coercion.futhark
--                             ^^^ support.type.primitive.futhark
--                                      ^^^ support.type.primitive.futhark
--                                           ^^^ constant.language.hole.futhark

  def names_with_keywords = let if' = 1 in iff + then' + _x
--                              ^^^ variable.other.definition.futhark - keyword.control.conditional.futhark
--                                         ^^^ - keyword.control.conditional.futhark
--                                               ^^^^^ - keyword.control.conditional.futhark
--                                                       ^^ - variable.language.wildcard.futhark

  def wildcard (_: i32) = let (_, y) = (1, 2) in y
--              ^ variable.language.wildcard.futhark
--                             ^ variable.language.wildcard.futhark

  def lam = \(x: i32) (y: i32): i32 -> x + y
--            ^ variable.parameter.futhark
--                            ^ punctuation.separator.type.futhark
--                              ^^^ support.type.primitive.futhark
--                                  ^^ keyword.operator.arrow.futhark
--                                     ^ - variable.parameter.futhark entity.name.type.futhark

  def exist (n: i64) : ?[m].[m]i64 = filter (> 0) (iota n)
--                     ^ keyword.operator.existential.futhark
--                             ^^^ support.type.primitive.futhark
