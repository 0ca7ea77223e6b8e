/** The package's own decoder, which its index.d.ts does not declare (tests decode tokens with it). */
declare module 'agora-token/src/AccessToken2' {
  export class AccessToken2 {
    appId: string | Buffer;
    issueTs: number;
    expire: number;
    services: Array<{
      service_type(): number;
      __channel_name: string | Buffer;
      __uid?: string | Buffer;
      __privileges: Record<number, number>;
    }>;
    from_string(token: string): boolean;
    verifySignature(appCertificate: string): boolean;
  }
}
