// A gRPC server on 127.0.0.1 that fails every call one way and reports each
// attempt, for the conformance suite (grpc_failing_server.py runs it).
//
//	grpc_failing_server -mode unavailable|internal|reset|slow [-max-attempts 30] [-lifetime 30s]
//
// It prints "port N" once listening, then "attempt START END" (seconds since
// it started) for each call it failed. Modes:
//
//	unavailable  status UNAVAILABLE
//	internal     status INTERNAL
//	reset        the call is read, then its TCP connection is reset (RST)
//	slow         no answer until the client cancels the call or -slow-hold passes
//
// Calls after -max-attempts failed ones succeed (an empty message), so a
// client that never stops is stopped. It exits after -lifetime, or when its
// standard input closes.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"sync"
	"time"

	"github.com/golang/protobuf/ptypes/empty"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// trackingListener keeps each accepted connection by its remote address, so
// that a call can reset the connection it came on.
type trackingListener struct {
	net.Listener
	mu    sync.Mutex
	conns map[string]*net.TCPConn
}

func (l *trackingListener) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		l.mu.Lock()
		l.conns[conn.RemoteAddr().String()] = tcp
		l.mu.Unlock()
	}
	return conn, nil
}

func (l *trackingListener) reset(remote string) {
	l.mu.Lock()
	conn := l.conns[remote]
	delete(l.conns, remote)
	l.mu.Unlock()
	if conn != nil {
		conn.SetLinger(0)
		conn.Close()
	}
}

type failing struct {
	mode        string
	maxAttempts int
	slowHold    time.Duration
	started     time.Time
	listener    *trackingListener
	out         *log.Logger
	mu          sync.Mutex
	attempts    int
}

// admit counts a call; false once max-attempts calls have failed.
func (f *failing) admit() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.attempts >= f.maxAttempts {
		return false
	}
	f.attempts++
	return true
}

func (f *failing) record(start time.Time) {
	f.out.Printf("attempt %.6f %.6f", start.Sub(f.started).Seconds(), time.Since(f.started).Seconds())
}

func (f *failing) handle(_ interface{}, stream grpc.ServerStream) error {
	var request empty.Empty
	if err := stream.RecvMsg(&request); err != nil {
		return err
	}
	start := time.Now()
	if !f.admit() {
		return stream.SendMsg(&empty.Empty{})
	}
	defer f.record(start)
	switch f.mode {
	case "unavailable":
		return status.Error(codes.Unavailable, "orders is unavailable")
	case "internal":
		return status.Error(codes.Internal, "orders failed")
	case "reset":
		if p, ok := peer.FromContext(stream.Context()); ok {
			f.listener.reset(p.Addr.String())
		}
		return status.Error(codes.Unavailable, "connection reset")
	default: // slow
		select {
		case <-stream.Context().Done():
		case <-time.After(f.slowHold):
		}
		return status.Error(codes.DeadlineExceeded, "orders is slow")
	}
}

func main() {
	mode := flag.String("mode", "unavailable", "unavailable, internal, reset or slow")
	maxAttempts := flag.Int("max-attempts", 30, "failed calls before calls succeed")
	lifetime := flag.Duration("lifetime", 30*time.Second, "exit after this long")
	slowHold := flag.Duration("slow-hold", 5*time.Second, "longest wait in the slow mode")
	flag.Parse()
	switch *mode {
	case "unavailable", "internal", "reset", "slow":
	default:
		fmt.Fprintf(os.Stderr, "unknown mode %q\n", *mode)
		os.Exit(2)
	}
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	listener := &trackingListener{Listener: inner, conns: map[string]*net.TCPConn{}}
	f := &failing{mode: *mode, maxAttempts: *maxAttempts, slowHold: *slowHold,
		started: time.Now(), listener: listener, out: log.New(os.Stdout, "", 0)}
	server := grpc.NewServer(grpc.UnknownServiceHandler(f.handle))
	f.out.Printf("port %d", inner.Addr().(*net.TCPAddr).Port)
	go func() {
		io.Copy(io.Discard, os.Stdin)
		server.Stop()
	}()
	go func() {
		time.Sleep(*lifetime)
		server.Stop()
	}()
	server.Serve(listener)
}
