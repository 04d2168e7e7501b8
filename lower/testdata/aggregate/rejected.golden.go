// 9:3: remark: not aggregated: the loop body has a upc_barrier
// 10:3: remark: not aggregated: the loop reads x[i-1] and stores to x[i]: a dependence through 'x'
// 11:3: remark: not aggregated: the loop body has a break (the stores after it would be wrong)
// 12:3: remark: not aggregated: the access to x[i] does not happen exactly once per iteration
package main

func main_(t *thread) int32 {
	var i int32
	var i_2 int32
	var i_3 int32
	var i_4 int32
	for i = 0; i < 16; i++ {
		upc.Store[float64](t.Thread, upc.StaticPtr(v).Add(int64(i), upc.Layout{Block: 1, ElemSize: 8}, t.Threads), 1.0)
		t.Barrier()
	}
	for i_2 = 1; i_2 < 16; i_2++ {
		upc.Store[int32](t.Thread, upc.StaticPtr(x).Add(int64(i_2), upc.Layout{Block: 1, ElemSize: 4}, t.Threads), upc.Load[int32](t.Thread, upc.StaticPtr(x).Add(int64(i_2-1), upc.Layout{Block: 1, ElemSize: 4}, t.Threads))+1)
	}
	for i_3 = 0; i_3 < 16; i_3++ {
		if upc.Load[float64](t.Thread, upc.StaticPtr(v).Add(int64(i_3), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)) < 0.0 {
			break
		}
		upc.Store[int32](t.Thread, upc.StaticPtr(x).Add(int64(i_3), upc.Layout{Block: 1, ElemSize: 4}, t.Threads), 1)
	}
	for i_4 = 0; i_4 < 16; i_4++ {
		if (i_4 % 2) != 0 {
			upc.Store[int32](t.Thread, upc.StaticPtr(x).Add(int64(i_4), upc.Layout{Block: 1, ElemSize: 4}, t.Threads), 1)
		}
	}
	return 0
}
