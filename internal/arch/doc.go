// Package arch holds no code: its tests keep the shape of the server true
// without anyone remembering it — which packages may import which, and which
// package owns each table.
package arch
